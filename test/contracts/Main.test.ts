import { time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { MaxUint256, ZeroAddress, parseEther } from "ethers";

import { SYNTHESIS_TOKENS, type SynthesisToken } from "../../contracts-abi/product";
import { SYNTHESIS_MULTIPLES } from "../../scripts/lib/deploy-defaults";
import { costAt, loadMembers, mint, referralChain, setPriceNow, synthesize } from "./shared/fixtures";

const USD = parseEther("1");

/** What three times the multiple costs at the default price table, worked out by hand (hashrate
 *  USD / token price): written out, not computed, so that a wrong formula in Main cannot hide. */
const COST_OF_THREE_MULTIPLES: Record<SynthesisToken, bigint> = {
  USDT: parseEther("300"), // 300 at 1 USD
  USDC: parseEther("300"), // 300 at 1 USD
  USDX: parseEther("300"), // 300 at 1 USD
  X: parseEther("120"), // 60 at 0.5 USD
  ACB: parseEther("30"), // 60 at 2 USD
  FTB: parseEther("300"), // 60 at 0.2 USD
  ZYB: parseEther("600"), // 60 at 0.1 USD
};

describe("Main", () => {
  describe("authorisation", () => {
    it("refuses synthesis without an allowance, naming the cost", async () => {
      const f = await loadMembers();
      const cost = costAt("USDT", 100n);
      await mint(f, "USDT", f.alice.address, cost);
      await expect(f.main.connect(f.alice).synthesize(f.addresses.USDT, 100n, MaxUint256))
        .to.be.revertedWithCustomError(f.main, "MainAllowanceTooLow")
        .withArgs(f.addresses.USDT, 0n, cost);
    });

    it("refuses synthesis when the allowance is one wei short", async () => {
      const f = await loadMembers();
      const cost = costAt("X", 20n);
      await mint(f, "X", f.alice.address, cost);
      await f.tokens.X.connect(f.alice).approve(f.addresses.Main, cost - 1n);
      await expect(f.main.connect(f.alice).synthesize(f.addresses.X, 20n, MaxUint256))
        .to.be.revertedWithCustomError(f.main, "MainAllowanceTooLow")
        .withArgs(f.addresses.X, cost - 1n, cost);
    });

    it("synthesises once approved", async () => {
      const f = await loadMembers();
      const cost = costAt("USDT", 100n);
      await mint(f, "USDT", f.alice.address, cost);
      await f.tokens.USDT.connect(f.alice).approve(f.addresses.Main, cost);
      await expect(f.main.connect(f.alice).synthesize(f.addresses.USDT, 100n, MaxUint256))
        .to.emit(f.main, "Synthesized")
        .withArgs(f.alice.address, f.addresses.USDT, 0n, 100n, cost, 100n * USD);
    });

    it("lowers the allowance by exactly the cost", async () => {
      const f = await loadMembers();
      const cost = costAt("FTB", 40n);
      const extra = 12_345n;
      await mint(f, "FTB", f.alice.address, cost);
      await f.tokens.FTB.connect(f.alice).approve(f.addresses.Main, cost + extra);
      await f.main.connect(f.alice).synthesize(f.addresses.FTB, 40n, MaxUint256);
      expect(await f.tokens.FTB.allowance(f.alice.address, f.addresses.Main)).to.equal(extra);
    });

    it("refuses synthesis when the balance is short", async () => {
      const f = await loadMembers();
      const cost = costAt("USDC", 100n);
      await mint(f, "USDC", f.alice.address, cost - 1n);
      await f.tokens.USDC.connect(f.alice).approve(f.addresses.Main, cost);
      await expect(f.main.connect(f.alice).synthesize(f.addresses.USDC, 100n, MaxUint256))
        .to.be.revertedWithCustomError(f.main, "MainBalanceTooLow")
        .withArgs(f.addresses.USDC, cost - 1n, cost);
    });
  });

  describe("synthesis", () => {
    for (const symbol of SYNTHESIS_TOKENS) {
      const multiple = BigInt(SYNTHESIS_MULTIPLES[symbol]);

      describe(`paid in ${symbol} (multiple ${multiple})`, () => {
        it("reads its multiple and lowest from the chain", async () => {
          const f = await loadMembers();
          const rule = await f.main.tokenRule(f.addresses[symbol]);
          expect([rule.multiple, rule.minimum, rule.enabled]).to.deep.equal([multiple, multiple, true]);
        });

        it(`accepts ${multiple}`, async () => {
          const f = await loadMembers();
          await synthesize(f, f.alice, symbol, multiple);
          expect(await f.main.recordCount(f.alice.address)).to.equal(1n);
        });

        for (const [label, hashrate] of [
          ["multiple - 1", multiple - 1n],
          ["multiple + 1", multiple + 1n],
          ["zero", 0n],
        ] as const) {
          it(`refuses ${label} with the multiple in the error`, async () => {
            const f = await loadMembers();
            await expect(f.main.connect(f.alice).synthesize(f.addresses[symbol], hashrate, MaxUint256))
              .to.be.revertedWithCustomError(f.main, "MainInvalidHashrate")
              .withArgs(hashrate, multiple, multiple);
          });
        }

        it("refuses a multiple below the lowest", async () => {
          const f = await loadMembers();
          await f.governed.main.setSynthesisRule(f.addresses[symbol], multiple, multiple * 3n, true);
          await expect(f.main.connect(f.alice).synthesize(f.addresses[symbol], multiple * 2n, MaxUint256))
            .to.be.revertedWithCustomError(f.main, "MainInvalidHashrate")
            .withArgs(multiple * 2n, multiple, multiple * 3n);
        });

        it("charges the cost of the price table", async () => {
          const f = await loadMembers();
          const hashrate = multiple * 3n;
          const cost = COST_OF_THREE_MULTIPLES[symbol];
          expect(costAt(symbol, hashrate)).to.equal(cost);
          expect(await f.main.costOf(f.addresses[symbol], hashrate)).to.equal(cost);
          await mint(f, symbol, f.alice.address, cost);
          await f.tokens[symbol].connect(f.alice).approve(f.addresses.Main, cost);
          const receiver = symbol === "ACB" ? f.addresses.Main : f.treasury;
          const receiverGets = symbol === "ACB" ? 0n : cost;
          await expect(f.main.connect(f.alice).synthesize(f.addresses[symbol], hashrate, MaxUint256)).to.changeTokenBalances(
            f.tokens[symbol],
            [f.alice.address, receiver],
            [-cost, receiverGets],
          );
        });
      });
    }

    it("rounds a cost that does not divide evenly up to the next wei", async () => {
      const f = await loadMembers();
      // 20 USD of hashrate at 3 USD per X is 6.666... X: the payer pays the last wei in full.
      await setPriceNow(f, "X", parseEther("3"));
      const cost = 6_666_666_666_666_666_667n;
      expect(await f.main.costOf(f.addresses.X, 20n)).to.equal(cost);
      await mint(f, "X", f.alice.address, cost);
      await f.tokens.X.connect(f.alice).approve(f.addresses.Main, cost - 1n);
      await expect(f.main.connect(f.alice).synthesize(f.addresses.X, 20n, MaxUint256))
        .to.be.revertedWithCustomError(f.main, "MainAllowanceTooLow")
        .withArgs(f.addresses.X, cost - 1n, cost);
      await f.tokens.X.connect(f.alice).approve(f.addresses.Main, cost);
      await expect(f.main.connect(f.alice).synthesize(f.addresses.X, 20n, MaxUint256)).to.changeTokenBalances(
        f.tokens.X,
        [f.alice.address, f.treasury],
        [-cost, cost],
      );
      // A price that divides evenly is not rounded: 20 USD at 0.4 USD is exactly 50 X.
      await setPriceNow(f, "X", parseEther("0.4"));
      expect(await f.main.costOf(f.addresses.X, 20n)).to.equal(parseEther("50"));
    });

    it("burns ACB and counts it in the total burned", async () => {
      const f = await loadMembers();
      const supplyBefore = await f.tokens.ACB.totalSupply();
      const receipt = synthesize(f, f.alice, "ACB", 40n);
      await expect(receipt).to.emit(f.main, "AcbBurned").withArgs(f.alice.address, parseEther("20"), parseEther("20"));
      await synthesize(f, f.bob, "ACB", 20n);
      expect(await f.main.totalAcbBurned()).to.equal(parseEther("30"));
      // What was minted for the payments (30) was burned again: the supply is back where it was.
      expect(await f.tokens.ACB.totalSupply()).to.equal(supplyBefore);
    });

    it("does not count other tokens as burned", async () => {
      const f = await loadMembers();
      await synthesize(f, f.alice, "X", 20n);
      expect(await f.main.totalAcbBurned()).to.equal(0n);
    });

    it("appends a merge record, newest first in the list", async () => {
      const f = await loadMembers();
      await synthesize(f, f.alice, "USDT", 200n);
      await synthesize(f, f.alice, "ZYB", 60n);
      const stamp = await time.latest();
      const newest = await f.main.recordOf(f.alice.address, 1n);
      expect(newest.index).to.equal(1n);
      expect(newest.token).to.equal(f.addresses.ZYB);
      expect(newest.hashrate).to.equal(60n);
      expect(newest.cost).to.equal(costAt("ZYB", 60n));
      expect(newest.time).to.equal(BigInt(stamp));
      expect(newest.out).to.equal(false);
      const page = await f.main.recordsOf(f.alice.address, 0n, 10n);
      expect(page.map((record) => record.index)).to.deep.equal([1n, 0n]);
      expect((await f.main.recordsOf(f.alice.address, 1n, 10n)).map((record) => record.hashrate)).to.deep.equal([200n]);
      expect(await f.main.recordsOf(f.alice.address, 2n, 10n)).to.deep.equal([]);
      await expect(f.main.recordOf(f.alice.address, 2n))
        .to.be.revertedWithCustomError(f.main, "MainUnknownRecord")
        .withArgs(f.alice.address, 2n);
    });

    it("raises the payer's power and the team performance of every inviter", async () => {
      const f = await loadMembers();
      const [first, second] = await referralChain(f, f.carol.address, 2);
      await synthesize(f, second, "USDT", 300n);
      expect(await f.main.powerOf(second.address)).to.equal(300n);
      expect(await f.main.powerOf(first.address)).to.equal(0n);
      for (const inviter of [first.address, f.carol.address, f.bob.address, f.alice.address, f.genesis]) {
        expect((await f.community.memberInfo(inviter)).teamPerformance).to.equal(300n, inviter);
      }
      expect((await f.community.memberInfo(second.address)).teamPerformance).to.equal(0n);
    });

    it("makes the payer the last mining address", async () => {
      const f = await loadMembers();
      await synthesize(f, f.alice, "USDT", 100n);
      expect(await f.main.lastMiner()).to.equal(f.alice.address);
      await synthesize(f, f.bob, "X", 20n);
      expect(await f.main.lastMiner()).to.equal(f.bob.address);
    });

    it("refuses a payer who is not registered", async () => {
      const f = await loadMembers();
      const outsider = f.others[0];
      const cost = costAt("USDT", 100n);
      await mint(f, "USDT", outsider.address, cost);
      await f.tokens.USDT.connect(outsider).approve(f.addresses.Main, cost);
      await expect(f.main.connect(outsider).synthesize(f.addresses.USDT, 100n, MaxUint256))
        .to.be.revertedWithCustomError(f.community, "CommunityNotRegistered")
        .withArgs(outsider.address);
    });

    it("refuses tokens that do not pay for synthesis", async () => {
      const f = await loadMembers();
      for (const token of [f.addresses.MV, f.addresses.WXB, f.addresses.Main]) {
        await expect(f.main.connect(f.alice).synthesize(token, 100n, MaxUint256))
          .to.be.revertedWithCustomError(f.main, "MainUnsupportedToken")
          .withArgs(token);
      }
    });

    describe("power cap", () => {
      async function atTheCap() {
        const f = await loadMembers();
        const max = await f.main.maxHashrate();
        await f.governed.main.setPoolConfig(0n, 0n, 600n, 86_400n);
        for (let i = 0; i < 5; i++) await synthesize(f, f.alice, "USDT", max);
        const cost = await f.main.costOf(f.addresses.USDT, 100n);
        await mint(f, "USDT", f.alice.address, cost);
        await f.tokens.USDT.connect(f.alice).approve(f.addresses.Main, cost);
        return { f, max, cost };
      }

      it("caps the hashrate a member has earning at once", async () => {
        const { f, max } = await atTheCap();
        expect(await f.revenue.maxActivePower()).to.equal(5n * max);
        await expect(f.main.connect(f.alice).synthesize(f.addresses.USDT, 100n, MaxUint256))
          .to.be.revertedWithCustomError(f.revenue, "RevenueActivePowerCapReached")
          .withArgs(5n * max, 5n * max);
      });

      it("lets a member whose records have all gone out synthesise again", async () => {
        const { f, max, cost } = await atTheCap();
        // 1% a day up to 3 times the value: every record is out after 300 days.
        await time.increase(301 * 86_400);
        await expect(f.main.connect(f.alice).synthesize(f.addresses.USDT, 100n, cost)).to.emit(f.main, "Synthesized");
        expect(await f.main.powerOf(f.alice.address)).to.equal(5n * max + 100n);
        expect((await f.revenue.earningsOf(f.alice.address)).activeValue).to.equal(100n);
      });
    });

    it("refuses more than the largest hashrate", async () => {
      const f = await loadMembers();
      const max = await f.main.maxHashrate();
      await expect(f.main.connect(f.alice).synthesize(f.addresses.USDT, max + 100n, MaxUint256))
        .to.be.revertedWithCustomError(f.main, "MainInvalidHashrate")
        .withArgs(max + 100n, 100n, 100n);
    });

    it("lists every priced token with its rule", async () => {
      const f = await loadMembers();
      const rules = await f.main.tokenRules();
      expect(rules).to.have.length(9);
      const mv = rules.find((rule) => rule.token === f.addresses.MV);
      expect(mv?.enabled).to.equal(false);
      expect(mv?.price).to.equal(USD);
    });
  });

  describe("pools", () => {
    it("puts 5% of each synthesis's value in each pool", async () => {
      const f = await loadMembers();
      await synthesize(f, f.alice, "USDT", 1_000n);
      await synthesize(f, f.bob, "X", 200n);
      expect((await f.main.luckyPool()).amount).to.equal(60n * USD);
      expect((await f.main.maxPool()).amount).to.equal(60n * USD);
    });

    describe("lucky pool", () => {
      it("restarts its 10-minute countdown at each synthesis", async () => {
        const f = await loadMembers();
        await synthesize(f, f.alice, "USDT", 100n);
        const first = (await f.main.luckyPool()).endsAt;
        expect(first).to.equal(BigInt(await time.latest()) + 600n);
        await time.increase(300);
        await synthesize(f, f.bob, "USDT", 100n);
        const second = await f.main.luckyPool();
        expect(second.endsAt).to.equal(BigInt(await time.latest()) + 600n);
        expect(second.endsAt).to.be.greaterThan(first);
        expect(second.lastMiner).to.equal(f.bob.address);
      });

      it("refuses to settle before the countdown ends", async () => {
        const f = await loadMembers();
        await synthesize(f, f.alice, "USDT", 100n);
        const { endsAt } = await f.main.luckyPool();
        await time.setNextBlockTimestamp(endsAt - 1n);
        await expect(f.main.settleLuckyPool()).to.be.revertedWithCustomError(f.main, "MainPoolNotExpired").withArgs(endsAt);
      });

      it("pays the last miner in USDT once the countdown ends", async () => {
        const f = await loadMembers();
        await synthesize(f, f.alice, "USDT", 1_000n);
        await synthesize(f, f.bob, "X", 200n);
        const { endsAt, amount } = await f.main.luckyPool();
        await time.setNextBlockTimestamp(endsAt);
        await expect(f.main.connect(f.carol).settleLuckyPool()).to.changeTokenBalances(
          f.tokens.USDT,
          [f.bob.address, f.addresses.Main],
          [amount, -amount],
        );
        const after = await f.main.luckyPool();
        expect([after.amount, after.lastWinner, after.lastPrize, after.round]).to.deep.equal([0n, f.bob.address, amount, 2n]);
      });

      it("refuses to settle an empty pool", async () => {
        const f = await loadMembers();
        await expect(f.main.settleLuckyPool()).to.be.revertedWithCustomError(f.main, "MainNothingToSettle");
        await synthesize(f, f.alice, "USDT", 100n);
        await time.increase(601);
        await f.main.settleLuckyPool();
        await expect(f.main.settleLuckyPool()).to.be.revertedWithCustomError(f.main, "MainNothingToSettle");
      });

      it("never promises more than the USDT it holds", async () => {
        const f = await loadMembers();
        await f.governed.main.setPoolConfig(10_000n, 0n, 600n, 86_400n);
        const reserve = await f.tokens.USDT.balanceOf(f.addresses.Main);
        await synthesize(f, f.alice, "USDT", 100_000_000n);
        expect((await f.main.luckyPool()).amount).to.equal(reserve);
        await synthesize(f, f.bob, "USDT", 100n);
        expect((await f.main.luckyPool()).amount).to.equal(reserve);
        await time.increase(601);
        await expect(f.main.settleLuckyPool()).to.changeTokenBalance(f.tokens.USDT, f.bob.address, reserve);
      });

      it("pays a synthesis after the end to the miner who was last when the countdown ended", async () => {
        const f = await loadMembers();
        await synthesize(f, f.alice, "USDT", 1_000n);
        const { endsAt, amount } = await f.main.luckyPool();
        await time.increaseTo(endsAt + 100n);
        // bob's late synthesis does not make him the winner of the round that already ended.
        const late = synthesize(f, f.bob, "X", 20n);
        await expect(late).to.emit(f.main, "LuckyPoolSettled").withArgs(f.alice.address, amount, 1n);
        await expect(late).to.changeTokenBalance(f.tokens.USDT, f.alice.address, amount);
        const next = await f.main.luckyPool();
        expect([next.amount, next.lastMiner, next.lastWinner, next.round]).to.deep.equal([
          USD,
          f.bob.address,
          f.alice.address,
          2n,
        ]);
        expect(next.endsAt).to.equal(BigInt(await time.latest()) + 600n);
      });
    });

    describe("max-machine pool", () => {
      it("tracks the round's largest single synthesis", async () => {
        const f = await loadMembers();
        await synthesize(f, f.alice, "USDT", 300n);
        await synthesize(f, f.bob, "USDT", 500n);
        await synthesize(f, f.carol, "USDT", 400n);
        await synthesize(f, f.alice, "USDT", 500n);
        const pool = await f.main.maxPool();
        expect([pool.leader, pool.leaderHashrate]).to.deep.equal([f.bob.address, 500n]);
      });

      it("refuses to settle before the round ends", async () => {
        const f = await loadMembers();
        await synthesize(f, f.alice, "USDT", 300n);
        const { endsAt } = await f.main.maxPool();
        await time.setNextBlockTimestamp(endsAt - 1n);
        await expect(f.main.settleMaxPool()).to.be.revertedWithCustomError(f.main, "MainPoolNotExpired").withArgs(endsAt);
      });

      it("pays the largest synthesis after the round ends and keeps the 24-hour schedule", async () => {
        const f = await loadMembers();
        await synthesize(f, f.alice, "USDT", 300n);
        await synthesize(f, f.bob, "USDT", 500n);
        const { endsAt, amount } = await f.main.maxPool();
        await time.setNextBlockTimestamp(endsAt + 3_600n);
        const settlement = await f.main.connect(f.carol).settleMaxPool();
        await expect(settlement).to.emit(f.main, "MaxPoolSettled").withArgs(f.bob.address, amount, 500n, 1n);
        await expect(settlement).to.emit(f.main, "MaxRoundStarted").withArgs(2n, endsAt + 86_400n);
        await expect(settlement).to.changeTokenBalance(f.tokens.USDT, f.bob.address, amount);
        const next = await f.main.maxPool();
        expect([next.amount, next.leader, next.leaderHashrate, next.lastWinner, next.lastPrize, next.round]).to.deep.equal([
          0n,
          ZeroAddress,
          0n,
          f.bob.address,
          amount,
          2n,
        ]);
        expect(next.endsAt).to.equal(endsAt + 86_400n);
      });

      it("closes an ended round at the next synthesis, which counts in the new round", async () => {
        const f = await loadMembers();
        await synthesize(f, f.alice, "USDT", 500n);
        const { endsAt, amount } = await f.main.maxPool();
        await time.increaseTo(endsAt + 3_600n);
        // bob's larger synthesis comes too late to lead the round that ended.
        const late = synthesize(f, f.bob, "USDT", 600n);
        await expect(late).to.emit(f.main, "MaxPoolSettled").withArgs(f.alice.address, amount, 500n, 1n);
        // alice was also the last miner when the lucky countdown ended: she gets both pools.
        const lucky = 25n * USD;
        await expect(late).to.changeTokenBalance(f.tokens.USDT, f.alice.address, amount + lucky);
        const next = await f.main.maxPool();
        expect([next.leader, next.leaderHashrate, next.amount, next.round, next.endsAt]).to.deep.equal([
          f.bob.address,
          600n,
          30n * USD,
          2n,
          endsAt + 86_400n,
        ]);
      });

      it("opens the round on the schedule when the last one ended with no synthesis", async () => {
        const f = await loadMembers();
        const { endsAt } = await f.main.maxPool();
        await time.increaseTo(endsAt + 2n * 86_400n + 100n);
        await expect(f.main.settleMaxPool()).to.be.revertedWithCustomError(f.main, "MainNothingToSettle");
        await synthesize(f, f.alice, "USDT", 100n);
        const next = await f.main.maxPool();
        expect([next.endsAt, next.leader, next.round]).to.deep.equal([endsAt + 3n * 86_400n, f.alice.address, 2n]);
      });

      it("still moves to the next round when its share is zero", async () => {
        const f = await loadMembers();
        await f.governed.main.setPoolConfig(500n, 0n, 600n, 86_400n);
        await synthesize(f, f.alice, "USDT", 100n);
        const { endsAt } = await f.main.maxPool();
        await time.increaseTo(endsAt);
        await expect(f.main.settleMaxPool()).to.emit(f.main, "MaxRoundStarted").withArgs(2n, endsAt + 86_400n);
        expect((await f.main.maxPool()).leader).to.equal(ZeroAddress);
      });
    });
  });
});

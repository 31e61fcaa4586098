/**
 * The findings of the outside audit (stateful fuzz, 30,000 actions), each shown fixed: what an owner
 * moving prices can take (M-1), the pool cap (L-2), settlers that would strand claims (L-3), dust
 * orders (L-4), 40-bit times (I-1), stray tokens (I-6). L-1 and I-4 are in Revenue.test and Main.test.
 */
import { time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { MaxUint256, parseEther, toBeHex, zeroPadValue } from "ethers";
import { ethers } from "hardhat";

import { SWAP_ROUTES } from "../../contracts-abi/product";
import { MockToken__factory } from "../../mocks/types";
import { loadDeployment, loadMembers, mint, nextUtcMidnight, referralChain, setPriceNow, synthesize } from "./shared/fixtures";
import type { Account, Fixture } from "./shared/fixtures";

const USD = parseEther("1");
const DAY = 86_400;

async function approveAll(f: Fixture, who: Account): Promise<void> {
  for (const symbol of ["USDT", "X", "ACB", "MV"] as const) {
    await f.tokens[symbol].connect(who).approve(f.addresses.Main, MaxUint256);
    await f.tokens[symbol].connect(who).approve(f.addresses.Swap, MaxUint256);
    await f.tokens[symbol].connect(who).approve(f.addresses.MvMarket, MaxUint256);
  }
}

describe("Audit findings", () => {
  describe("M-1: an owner price change cannot take more than the user agreed to", () => {
    it("a synthesis pays at most the user's maxCost", async () => {
      const f = await loadMembers();
      await mint(f, "USDT", f.alice.address, parseEther("10000"));
      await approveAll(f, f.alice);
      const shown = await f.main.costOf(f.addresses.USDT, 100n);
      // The audit's case: USDT priced at 0.01 USD makes 100 hashrate cost 10,000 USDT.
      await setPriceNow(f, "USDT", parseEther("0.01"));
      const now = await f.main.costOf(f.addresses.USDT, 100n);
      expect(now).to.equal(parseEther("10000"));
      await expect(f.main.connect(f.alice).synthesize(f.addresses.USDT, 100n, shown + shown / 200n))
        .to.be.revertedWithCustomError(f.main, "MainCostAboveMax")
        .withArgs(now, shown + shown / 200n);
      expect(await f.tokens.USDT.balanceOf(f.alice.address)).to.equal(parseEther("10000"));
    });

    it("an exchange pays out at least the user's minOut", async () => {
      const f = await loadDeployment();
      const route = SWAP_ROUTES[0];
      const amount = parseEther("10");
      await mint(f, route.tokenIn, f.alice.address, amount);
      await approveAll(f, f.alice);
      const shown = await f.swap.quote(route.id, amount);
      await setPriceNow(f, route.tokenOut, parseEther("5"));
      const now = await f.swap.quote(route.id, amount);
      await expect(f.swap.connect(f.alice).exchange(route.id, amount, shown))
        .to.be.revertedWithCustomError(f.swap, "SwapOutputBelowMin")
        .withArgs(now, shown);
      await expect(f.swap.connect(f.alice).exchange(route.id, amount, now)).to.emit(f.swap, "Exchanged");
    });

    it("a buy fills at least the buyer's minMvOut", async () => {
      const f = await loadDeployment();
      await mint(f, "MV", f.bob.address, parseEther("1000"));
      await mint(f, "USDT", f.alice.address, parseEther("10"));
      await approveAll(f, f.bob);
      await approveAll(f, f.alice);
      await f.market.connect(f.bob).list(parseEther("1000"));
      const [shown] = await f.market.quoteBuy(parseEther("1"));
      await setPriceNow(f, "MV", parseEther("2"));
      const [now] = await f.market.quoteBuy(parseEther("1"));
      await expect(f.market.connect(f.alice).buy(parseEther("1"), shown))
        .to.be.revertedWithCustomError(f.market, "MarketOutputBelowMin")
        .withArgs(now, shown);
      await expect(f.market.connect(f.alice).buy(parseEther("1"), now)).to.emit(f.market, "Bought");
    });

    it("a seller sees a price cut coming and can take the order out first", async () => {
      const f = await loadDeployment();
      await mint(f, "MV", f.bob.address, parseEther("1000"));
      await approveAll(f, f.bob);
      await f.market.connect(f.bob).list(parseEther("1000"));
      // The audit's case: MV at the lowest price would sell the whole order for 0.000001 USDT. The
      // cut is announced a day ahead; until then the order sells at the price in force.
      await expect(f.governed.main.setPrice(f.addresses.MV, 10n ** 9n)).to.emit(f.main, "PriceChangeScheduled");
      expect(await f.market.quoteBuy(parseEther("1"))).to.deep.equal([parseEther("1"), parseEther("1")]);
      await expect(f.market.connect(f.bob).withdraw(0n)).to.changeTokenBalance(f.tokens.MV, f.bob.address, parseEther("1000"));
    });

    it("a claim pays at least the member's minAcb", async () => {
      const f = await loadMembers();
      await synthesize(f, f.carol, "USDT", 1_000n);
      await time.increase(DAY);
      await setPriceNow(f, "ACB", parseEther("4"));
      const waiting = (await f.revenue.earningsOf(f.carol.address)).totalWaiting;
      const atTheOldPrice = (waiting * USD) / parseEther("2");
      await expect(f.revenue.connect(f.carol).claim(atTheOldPrice)).to.be.revertedWithCustomError(f.revenue, "RevenueClaimBelowMin");
      expect((await f.revenue.earningsOf(f.carol.address)).machineReceived).to.equal(0n);
    });

    describe("price changes", () => {
      it("applies a move within the step at once and announces it", async () => {
        const f = await loadDeployment();
        expect(await f.main.priceGuard()).to.deep.equal([1_000n, BigInt(DAY)]);
        await time.increase(DAY);
        await expect(f.governed.main.setPrice(f.addresses.X, parseEther("0.55")))
          .to.emit(f.main, "PriceSet")
          .withArgs(f.addresses.X, parseEther("0.55"));
        expect(await f.main.priceOf(f.addresses.X)).to.equal(parseEther("0.55"));
        expect(await f.main.pendingPrice(f.addresses.X)).to.deep.equal([0n, 0n]);
      });

      it("makes a larger move wait the delay, in view of everyone", async () => {
        const f = await loadDeployment();
        const scheduled = f.governed.main.setPrice(f.addresses.X, parseEther("1"));
        await expect(scheduled).to.emit(f.main, "PriceChangeScheduled");
        const effectiveAt = BigInt(await time.latest()) + BigInt(DAY);
        await expect(scheduled)
          .to.emit(f.main, "PriceChangeScheduled")
          .withArgs(f.addresses.X, parseEther("0.5"), parseEther("1"), effectiveAt);
        expect(await f.main.priceOf(f.addresses.X)).to.equal(parseEther("0.5"));
        expect(await f.main.pendingPrice(f.addresses.X)).to.deep.equal([parseEther("1"), effectiveAt]);
        await time.increaseTo(effectiveAt - 1n);
        expect(await f.main.priceOf(f.addresses.X)).to.equal(parseEther("0.5"));
        await time.increaseTo(effectiveAt);
        expect(await f.main.priceOf(f.addresses.X)).to.equal(parseEther("1"));
        expect((await f.main.tokenRule(f.addresses.X)).price).to.equal(parseEther("1"));
        expect(await f.main.costOf(f.addresses.X, 20n)).to.equal(parseEther("20"));
        expect(await f.main.pendingPrice(f.addresses.X)).to.deep.equal([0n, 0n]);
      });

      it("lets a price move by one step at most within any delay", async () => {
        const f = await loadDeployment();
        await time.increase(DAY);
        await f.governed.main.setPrice(f.addresses.X, parseEther("0.55"));
        // A second small step right after the first waits.
        await expect(f.governed.main.setPrice(f.addresses.X, parseEther("0.6"))).to.emit(f.main, "PriceChangeScheduled");
        expect(await f.main.priceOf(f.addresses.X)).to.equal(parseEther("0.55"));
      });

      it("cancels a scheduled change when the price in force is set again", async () => {
        const f = await loadDeployment();
        await f.governed.main.setPrice(f.addresses.X, parseEther("5"));
        await expect(f.governed.main.setPrice(f.addresses.X, parseEther("0.5")))
          .to.emit(f.main, "PriceSet")
          .withArgs(f.addresses.X, parseEther("0.5"));
        await time.increase(2 * DAY);
        expect(await f.main.priceOf(f.addresses.X)).to.equal(parseEther("0.5"));
      });

      it("applies a due change when the next one is set", async () => {
        const f = await loadDeployment();
        await setPriceNow(f, "X", parseEther("5"));
        await time.increase(DAY);
        // 5 -> 5.25 is within the step of the price now in force (5), a day after it took effect.
        await expect(f.governed.main.setPrice(f.addresses.X, parseEther("5.25"))).to.emit(f.main, "PriceSet");
        expect(await f.main.priceOf(f.addresses.X)).to.equal(parseEther("5.25"));
      });

      it("applies a tighter guard at once", async () => {
        const f = await loadDeployment();
        await expect(f.governed.main.setPriceGuard(500n, 2n * BigInt(DAY)))
          .to.emit(f.main, "PriceGuardSet")
          .withArgs(500n, 2n * BigInt(DAY))
          .and.not.to.emit(f.main, "PriceGuardScheduled");
        expect(await f.main.priceGuard()).to.deep.equal([500n, 2n * BigInt(DAY)]);
        expect(await f.main.pendingPriceGuard()).to.deep.equal([0n, 0n, 0n]);
        await time.increase(2 * DAY);
        // 0.5 -> 0.55 is a 10% move: past the new 5% step, so it waits the new two days.
        await expect(f.governed.main.setPrice(f.addresses.X, parseEther("0.55"))).to.emit(f.main, "PriceChangeScheduled");
        expect(await f.main.priceOf(f.addresses.X)).to.equal(parseEther("0.5"));
      });
    });

    describe("loosening the price guard waits the delay in force", () => {
      it("schedules a looser guard and keeps the old one until then: a 20% cut right after is announced, not applied", async () => {
        const f = await loadDeployment();
        await time.increase(DAY);
        // The audit's walk: widen the guard to its loosest (20% once a day), then cut MV 20% at once.
        const loosen = await f.governed.main.setPriceGuard(2_000n, BigInt(DAY));
        const effectiveAt = BigInt(await time.latest()) + BigInt(DAY);
        await expect(loosen).to.emit(f.main, "PriceGuardScheduled").withArgs(2_000n, BigInt(DAY), effectiveAt);
        await expect(loosen).not.to.emit(f.main, "PriceGuardSet");
        expect(await f.main.priceGuard()).to.deep.equal([1_000n, BigInt(DAY)]);
        expect(await f.main.pendingPriceGuard()).to.deep.equal([2_000n, BigInt(DAY), effectiveAt]);
        const mv = await f.main.priceOf(f.addresses.MV);
        const cut = (mv * 8n) / 10n;
        const walk = await f.governed.main.setPrice(f.addresses.MV, cut);
        await expect(walk)
          .to.emit(f.main, "PriceChangeScheduled")
          .withArgs(f.addresses.MV, mv, cut, BigInt(await time.latest()) + BigInt(DAY));
        expect(await f.main.priceOf(f.addresses.MV)).to.equal(mv);
        // Set the price in force again (cancels the cut); the old guard still holds until effectiveAt.
        await f.governed.main.setPrice(f.addresses.MV, mv);
        await time.increaseTo(effectiveAt - 3n);
        expect(await f.main.priceGuard()).to.deep.equal([1_000n, BigInt(DAY)]);
        await expect(f.governed.main.setPrice(f.addresses.MV, cut)).to.emit(f.main, "PriceChangeScheduled");
        await f.governed.main.setPrice(f.addresses.MV, mv);
        // From effectiveAt on, nobody sending anything, the new guard is in force.
        await time.increaseTo(effectiveAt);
        expect(await f.main.priceGuard()).to.deep.equal([2_000n, BigInt(DAY)]);
        expect(await f.main.pendingPriceGuard()).to.deep.equal([0n, 0n, 0n]);
        await expect(f.governed.main.setPrice(f.addresses.MV, cut)).to.emit(f.main, "PriceSet").withArgs(f.addresses.MV, cut);
        expect(await f.main.priceOf(f.addresses.MV)).to.equal(cut);
      });

      it("counts a smaller step with a shorter delay as loosening", async () => {
        const f = await loadDeployment();
        // Two days first (tighter: at once), so that a shorter delay is still at least a day.
        await f.governed.main.setPriceGuard(1_000n, 2n * BigInt(DAY));
        const loosen = await f.governed.main.setPriceGuard(500n, BigInt(DAY));
        const effectiveAt = BigInt(await time.latest()) + 2n * BigInt(DAY);
        await expect(loosen).to.emit(f.main, "PriceGuardScheduled").withArgs(500n, BigInt(DAY), effectiveAt);
        expect(await f.main.priceGuard()).to.deep.equal([1_000n, 2n * BigInt(DAY)]);
        await time.increaseTo(effectiveAt);
        expect(await f.main.priceGuard()).to.deep.equal([500n, BigInt(DAY)]);
      });

      it("replaces a scheduled guard with the next one, and cancels it when the guard in force is set", async () => {
        const f = await loadDeployment();
        await f.governed.main.setPriceGuard(2_000n, BigInt(DAY));
        // A second loosening replaces the first, its wait counted from now.
        await time.increase(DAY / 2);
        const replace = await f.governed.main.setPriceGuard(1_500n, BigInt(DAY));
        const effectiveAt = BigInt(await time.latest()) + BigInt(DAY);
        await expect(replace).to.emit(f.main, "PriceGuardScheduled").withArgs(1_500n, BigInt(DAY), effectiveAt);
        expect(await f.main.pendingPriceGuard()).to.deep.equal([1_500n, BigInt(DAY), effectiveAt]);
        // Setting the guard in force applies at once and cancels the scheduled one.
        await expect(f.governed.main.setPriceGuard(1_000n, BigInt(DAY))).to.emit(f.main, "PriceGuardSet").withArgs(1_000n, BigInt(DAY));
        expect(await f.main.pendingPriceGuard()).to.deep.equal([0n, 0n, 0n]);
        await time.increaseTo(effectiveAt + 1n);
        expect(await f.main.priceGuard()).to.deep.equal([1_000n, BigInt(DAY)]);
        // A tighter guard cancels a scheduled looser one too.
        await f.governed.main.setPriceGuard(2_000n, BigInt(DAY));
        await f.governed.main.setPriceGuard(800n, BigInt(DAY));
        expect(await f.main.pendingPriceGuard()).to.deep.equal([0n, 0n, 0n]);
        await time.increase(2 * DAY);
        expect(await f.main.priceGuard()).to.deep.equal([800n, BigInt(DAY)]);
      });

      it("measures the next change against the guard in force once a scheduled one is due", async () => {
        const f = await loadDeployment();
        // Two days in force (tighter: at once), then 20% once a day scheduled for two days on.
        await f.governed.main.setPriceGuard(1_000n, 2n * BigInt(DAY));
        await f.governed.main.setPriceGuard(2_000n, BigInt(DAY));
        await time.increase(2 * DAY);
        // Due now: tightening is judged against 20% / 1 day, loosening waits its 1 day, not the old 2.
        await expect(f.governed.main.setPriceGuard(1_500n, BigInt(DAY))).to.emit(f.main, "PriceGuardSet");
        const loosen = await f.governed.main.setPriceGuard(2_000n, BigInt(DAY));
        const effectiveAt = BigInt(await time.latest()) + BigInt(DAY);
        await expect(loosen).to.emit(f.main, "PriceGuardScheduled").withArgs(2_000n, BigInt(DAY), effectiveAt);
        expect(await f.main.priceGuard()).to.deep.equal([1_500n, BigInt(DAY)]);
      });
    });
  });

  describe("L-2: a prize above 2^96 wei cannot lock a pool", () => {
    it("stops a pool at 2^96 - 1 wei and pays it", async () => {
      const f = await loadMembers();
      const cap = 2n ** 96n - 1n;
      await mint(f, "USDT", f.addresses.Main, cap * 2n);
      await synthesize(f, f.alice, "USDT", 100n);
      // Put both pools 1 USDT below the cap, where the next shares (5 USDT each) would pass it.
      const pools = await f.main.luckyPool();
      const slot = await findPoolsSlot(f, pools.amount, (await f.main.maxPool()).amount);
      const nearCap = cap - parseEther("1");
      await ethers.provider.send("hardhat_setStorageAt", [f.addresses.Main, toBeHex(slot), zeroPadValue(toBeHex((nearCap << 128n) | nearCap), 32)]);
      await synthesize(f, f.alice, "USDT", 100n);
      expect((await f.main.luckyPool()).amount).to.equal(cap);
      expect((await f.main.maxPool()).amount).to.equal(cap);
      await time.increase(DAY);
      await expect(f.main.settleLuckyPool()).to.emit(f.main, "LuckyPoolSettled").withArgs(f.alice.address, cap, 1n);
      await expect(f.main.settleMaxPool()).to.emit(f.main, "MaxPoolSettled").withArgs(f.alice.address, cap, 100n, 1n);
      expect((await f.main.luckyPool()).lastPrize).to.equal(cap);
    });
  });

  describe("L-3: claims cannot be sent where they would be stuck", () => {
    it("refuses every product contract as a settler", async () => {
      const f = await loadMembers();
      const stuck = [f.addresses.Main, f.addresses.Revenue, f.addresses.Community, f.addresses.Swap, f.addresses.MvMarket, f.addresses.ACB, f.addresses.USDT, f.addresses.MV];
      for (const settler of stuck) {
        await expect(f.community.connect(f.alice).changeSettler(settler))
          .to.be.revertedWithCustomError(f.community, "CommunityProductSettler")
          .withArgs(settler);
      }
    });

    it("accepts a wallet or a contract that is not the product's", async () => {
      const f = await loadMembers();
      await expect(f.community.connect(f.alice).changeSettler(f.bob.address)).to.emit(f.community, "SettlerChanged");
      // A contract without a `main()`, outside the address book: a contract wallet looks the same.
      const outsider = await new MockToken__factory(f.owner).deploy("Outside", "OUT", f.owner.address);
      await expect(f.community.connect(f.alice).changeSettler(outsider)).to.emit(f.community, "SettlerChanged");
    });
  });

  describe("L-4: dust orders cannot fill the queue", () => {
    it("raises the minimum order to 100 MV, configurable", async () => {
      const f = await loadDeployment();
      expect(await f.market.minOrder()).to.equal(parseEther("100"));
      await f.governed.market.setMarketConfig(parseEther("250"), 50n);
      expect(await f.market.minOrder()).to.equal(parseEther("250"));
    });

    it("says how much a buy at the fill limit fills and leaves the rest with the buyer", async () => {
      const f = await loadDeployment();
      await f.governed.market.setMarketConfig(parseEther("100"), 2n);
      await mint(f, "MV", f.bob.address, parseEther("300"));
      await mint(f, "USDT", f.alice.address, parseEther("300"));
      await approveAll(f, f.bob);
      await approveAll(f, f.alice);
      for (let i = 0; i < 3; i++) await f.market.connect(f.bob).list(parseEther("100"));
      expect(await f.market.quoteBuy(parseEther("300"))).to.deep.equal([parseEther("200"), parseEther("200")]);
      await expect(f.market.connect(f.alice).buy(parseEther("300"), parseEther("200")))
        .to.emit(f.market, "Bought")
        .withArgs(f.alice.address, parseEther("200"), parseEther("200"), 2n);
      expect(await f.tokens.USDT.balanceOf(f.alice.address)).to.equal(parseEther("100"));
    });
  });

  describe("I-1: times after 2106 and days after 2149", () => {
    it("keeps the claim interval after 2^32 seconds", async () => {
      const f = await loadMembers();
      await time.increaseTo(2n ** 32n + 1_000n);
      await synthesize(f, f.carol, "USDT", 1_000n);
      await time.increase(10);
      await f.revenue.connect(f.carol).claim(0n);
      const claimedAt = BigInt(await time.latest());
      await time.setNextBlockTimestamp(claimedAt + 60n);
      await expect(f.revenue.connect(f.carol).claim(0n))
        .to.be.revertedWithCustomError(f.revenue, "RevenueClaimTooSoon")
        .withArgs(claimedAt + 61n);
      expect((await f.revenue.earningsOf(f.carol.address)).lastClaimAt).to.equal(claimedAt);
    });

    it("counts a day's team performance from the next day after day 65,536", async () => {
      const f = await loadMembers();
      await time.increaseTo(65_536 * DAY + 3_600);
      const [member] = await referralChain(f, f.alice.address, 1, "far-future");
      await synthesize(f, member, "USDT", 10_000n);
      expect(await f.community.vipLevelOf(f.alice.address)).to.equal(0n);
      await time.increaseTo(nextUtcMidnight(await time.latest()));
      expect(await f.community.vipLevelOf(f.alice.address)).to.equal(1n);
    });
  });

  describe("I-6: tokens sent by mistake can be rescued, never what users are owed", () => {
    it("Main gives back stray tokens and free USDT, never the pools", async () => {
      const f = await loadMembers();
      await synthesize(f, f.alice, "USDT", 1_000n);
      await mint(f, "X", f.addresses.Main, parseEther("7"));
      await expect(f.governed.main.rescue(f.addresses.X, f.owner.address, parseEther("7")))
        .to.emit(f.main, "Rescued")
        .withArgs(f.addresses.X, f.owner.address, parseEther("7"));
      const pools = (await f.main.luckyPool()).amount + (await f.main.maxPool()).amount;
      const free = (await f.tokens.USDT.balanceOf(f.addresses.Main)) - pools;
      await expect(f.governed.main.rescue(f.addresses.USDT, f.owner.address, free + 1n))
        .to.be.revertedWithCustomError(f.main, "MainRescueExceedsFree")
        .withArgs(f.addresses.USDT, free, free + 1n);
      await f.governed.main.rescue(f.addresses.USDT, f.owner.address, free);
      expect(await f.tokens.USDT.balanceOf(f.addresses.Main)).to.equal(pools);
    });

    it("Swap gives back what exchanges paid in", async () => {
      const f = await loadDeployment();
      await mint(f, "MV", f.alice.address, parseEther("10"));
      await approveAll(f, f.alice);
      await f.swap.connect(f.alice).exchange(0, parseEther("10"), 0n);
      await expect(f.governed.swap.rescue(f.addresses.MV, f.owner.address, parseEther("10"))).to.changeTokenBalance(
        f.tokens.MV,
        f.owner.address,
        parseEther("10"),
      );
    });

    it("MvMarket gives back stray MV, never the MV of active orders", async () => {
      const f = await loadDeployment();
      await mint(f, "MV", f.bob.address, parseEther("100"));
      await approveAll(f, f.bob);
      await f.market.connect(f.bob).list(parseEther("100"));
      await mint(f, "MV", f.addresses.MvMarket, parseEther("3"));
      await expect(f.governed.market.rescue(f.addresses.MV, f.owner.address, parseEther("3") + 1n))
        .to.be.revertedWithCustomError(f.market, "MarketRescueExceedsFree")
        .withArgs(f.addresses.MV, parseEther("3"), parseEther("3") + 1n);
      await expect(f.governed.market.rescue(f.addresses.MV, f.owner.address, parseEther("3"))).to.emit(f.market, "Rescued");
      await expect(f.market.connect(f.bob).withdraw(0n)).to.changeTokenBalance(f.tokens.MV, f.bob.address, parseEther("100"));
    });
  });
});

/** The storage slot of Main's pool amounts (lucky in the low 128 bits, max in the high), found by value. */
async function findPoolsSlot(f: Fixture, lucky: bigint, max: bigint): Promise<bigint> {
  const packed = (max << 128n) | lucky;
  for (let slot = 0n; slot < 32n; slot++) {
    if (BigInt(await ethers.provider.getStorage(f.addresses.Main, slot)) === packed) return slot;
  }
  throw new Error("Main's pool amounts were not found in its first 32 slots");
}

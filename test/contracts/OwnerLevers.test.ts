/**
 * What members are owed, and what sellers receive, against the owner's last levers: a new token's
 * first price and its enabling are announced after launch, Revenue says what it has promised
 * against its reserve (docs/decisions/backed-revenue.md), an MV seller's ratio moves one step at
 * most (docs/decisions/price-guard.md), no address of the address book is a settler, a claim pays
 * what the reserve can, and prices replay from events (docs/product/contracts.md §4, §6, §7).
 */
import { mine, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { MaxUint256, parseEther } from "ethers";
import { ethers, network } from "hardhat";

import { ADDRESS_NAMES } from "../../contracts-abi/product";
import { MockToken__factory } from "../../mocks/types";
import { claimBudget, leaveBudget, leaveReserve, loadDeployment, loadMembers, mint, setPriceNow, synthesize } from "./shared/fixtures";
import type { Fixture } from "./shared/fixtures";
import { replayPrices } from "./shared/price-replay";

const USD = parseEther("1");
const DAY = 86_400n;

/** A member synthesises once: the product has launched. */
async function launch(f: Fixture): Promise<void> {
  await synthesize(f, f.alice, "USDT", 100n);
  expect(await f.main.launched()).to.equal(true);
}

describe("The owner's last levers", () => {
  describe("a new token's first price and its enabling are announced after launch", () => {
    it("before launch both apply at once, as deploy sets the table up", async () => {
      const f = await loadDeployment();
      expect(await f.main.launched()).to.equal(false);
      const token = await new MockToken__factory(f.owner).deploy("New", "NEW", f.owner.address);
      // Through the manager a token goes by its address: shared/governed.ts encodes the arguments as they are.
      const address = await token.getAddress();
      await expect(f.governed.main.setPrice(address, USD)).to.emit(f.main, "PriceSet").withArgs(await token.getAddress(), USD);
      await expect(f.governed.main.setSynthesisRule(address, 20n, 20n, true)).to.emit(f.main, "SynthesisRuleSet").withArgs(await token.getAddress(), 20n, 20n, true);
      expect((await f.main.tokenRule(token)).enabled).to.equal(true);
    });

    it("after launch the owner's own token priced at 2^96 - 1 waits a delay, priced at nothing until then", async () => {
      const f = await loadMembers();
      await launch(f);
      const token = await new MockToken__factory(f.owner).deploy("Own", "OWN", f.owner.address);
      const address = await token.getAddress();
      const top = 2n ** 96n - 1n;
      const announced = await f.governed.main.setPrice(address, top);
      const at = BigInt((await announced.getBlock())!.timestamp) + DAY;
      await expect(announced).to.emit(f.main, "PriceChangeScheduled").withArgs(address, 0n, top, at);
      expect(await f.main.priceOf(token)).to.equal(0n);
      expect(await f.main.pendingPrice(token)).to.deep.equal([top, at]);

      const enabling = await f.governed.main.setSynthesisRule(address, 20n, 20n, true);
      const enableAt = BigInt((await enabling.getBlock())!.timestamp) + DAY;
      await expect(enabling).to.emit(f.main, "SynthesisRuleSet").withArgs(address, 20n, 20n, false);
      await expect(enabling).to.emit(f.main, "SynthesisEnablingScheduled").withArgs(address, enableAt);
      expect(await f.main.pendingEnabling(token)).to.equal(enableAt);

      await token.mint(f.alice.address, USD);
      await token.connect(f.alice).approve(f.addresses.Main, MaxUint256);
      await expect(f.main.connect(f.alice).synthesize(token, 1_000_000_000n, USD)).to.be.revertedWithCustomError(f.main, "MainUnsupportedToken");

      await time.increaseTo(enableAt);
      expect(await f.main.priceOf(token)).to.equal(top);
      expect(await f.main.pendingEnabling(token)).to.equal(0n);
      expect((await f.main.tokenRule(token)).enabled).to.equal(true);
      await expect(f.main.connect(f.alice).synthesize(token, 1_000_000_000n, USD)).to.emit(f.main, "Synthesized");
    });

    it("re-enabling a disabled token after launch is announced too; disabling applies at once", async () => {
      const f = await loadMembers();
      await launch(f);
      await expect(f.governed.main.setSynthesisRule(f.addresses.X, 20n, 20n, false)).to.emit(f.main, "SynthesisRuleSet").withArgs(f.addresses.X, 20n, 20n, false);
      const enabling = await f.governed.main.setSynthesisRule(f.addresses.X, 20n, 20n, true);
      await expect(enabling).to.emit(f.main, "SynthesisEnablingScheduled");
      expect((await f.main.tokenRule(f.addresses.X)).enabled).to.equal(false);
      await mint(f, "X", f.alice.address, parseEther("1000"));
      await f.tokens.X.connect(f.alice).approve(f.addresses.Main, MaxUint256);
      await expect(f.main.connect(f.alice).synthesize(f.addresses.X, 20n, MaxUint256)).to.be.revertedWithCustomError(f.main, "MainUnsupportedToken");
      await time.increaseTo(await f.main.pendingEnabling(f.addresses.X));
      await expect(f.main.connect(f.alice).synthesize(f.addresses.X, 20n, MaxUint256)).to.emit(f.main, "Synthesized");
    });

    it("backing() says what Revenue has promised against its reserve, and the shortfall", async () => {
      const f = await loadMembers();
      const reserve = await f.tokens.ACB.balanceOf(f.addresses.Revenue);
      const price = await f.main.priceOf(f.addresses.ACB);
      expect(await f.revenue.backing()).to.deep.equal([0n, reserve, price, (reserve * price) / USD, 0n]);
      // 5 billion USD of hashrate promises 15 billion USD of machine revenue over its life, far
      // beyond a reserve worth 10 million: the shortfall shows before anyone else synthesises.
      await synthesize(f, f.alice, "USDT", 1_000_000_000n);
      const backing = await f.revenue.backing();
      expect(backing.promisedUsd).to.equal(3n * 1_000_000_000n * USD);
      expect(backing.shortfallUsd).to.equal(backing.promisedUsd - backing.reserveUsd);
      // A claim takes what it pays off the promise.
      await time.increase(DAY);
      const waiting = (await f.revenue.earningsOf(f.alice.address)).totalWaiting;
      await f.revenue.connect(f.alice).claim(0n);
      const after = await f.revenue.backing();
      expect(after.promisedUsd).to.be.lessThan(backing.promisedUsd);
      expect(after.promisedUsd).to.be.greaterThanOrEqual(backing.promisedUsd - waiting - USD);
    });
  });

  describe("an MV seller receives at most one step less, both sides of the ratio moving at once", () => {
    for (const first of ["MV", "USDT"] as const) {
      it(`MV -10% and USDT +10% in one block (${first} first): the second move is announced, the order sells at the first move's price alone`, async () => {
        const f = await loadDeployment();
        await mint(f, "MV", f.bob.address, parseEther("1000"));
        await f.tokens.MV.connect(f.bob).approve(f.addresses.MvMarket, MaxUint256);
        await f.market.connect(f.bob).list(parseEther("1000"));
        await time.increase(DAY);

        const moves = { MV: parseEther("0.9"), USDT: parseEther("1.1") };
        const second = first === "MV" ? "USDT" : "MV";
        await network.provider.send("evm_setAutomine", [false]);
        try {
          await f.governed.main.setPrice(f.addresses[first], moves[first]);
          await f.governed.main.setPrice(f.addresses[second], moves[second]);
          await mine();
        } finally {
          await network.provider.send("evm_setAutomine", [true]);
        }
        expect(await f.main.priceOf(f.addresses[first])).to.equal(moves[first]);
        const [announced] = await f.main.pendingPrice(f.addresses[second]);
        expect(announced).to.equal(moves[second]);

        await mint(f, "USDT", f.alice.address, parseEther("2000"));
        await f.tokens.USDT.connect(f.alice).approve(f.addresses.MvMarket, MaxUint256);
        const before = await f.tokens.USDT.balanceOf(f.bob.address);
        await f.market.connect(f.alice).buy(parseEther("2000"), 0n);
        const received = (await f.tokens.USDT.balanceOf(f.bob.address)) - before;
        // One step of the ratio: 1,000 MV at 0.9 USDT (USDT first: at 1 / 1.1, 909.09 rounded up
        // for the seller), never at both moves (818.18).
        const oneStep = first === "MV" ? parseEther("900") : (parseEther("1000") * USD + parseEther("1.1") - 1n) / parseEther("1.1");
        expect(received).to.equal(oneStep);
      });
    }
  });

  describe("no address of the address book is a settler", () => {
    it("changeSettler refuses each of them, Multicall3 included", async () => {
      const f = await loadMembers();
      for (const name of ADDRESS_NAMES) {
        await expect(f.community.connect(f.alice).changeSettler(f.addresses[name]), name)
          .to.be.revertedWithCustomError(f.community, "CommunityProductSettler")
          .withArgs(f.addresses[name]);
      }
    });

    it("naming Multicall3 is refused and the settler stays the member (the audit's case: through aggregate3 anyone could make it send a claim on)", async () => {
      const f = await loadMembers();
      await expect(f.community.connect(f.alice).changeSettler(f.addresses.Multicall3)).to.be.revertedWithCustomError(f.community, "CommunityProductSettler");
      expect(await f.community.settlerOf(f.alice.address)).to.equal(f.alice.address);
    });
  });

  describe("a claim pays what the reserve can and keeps the rest waiting", () => {
    /** alice has machine revenue and preaching gold (from bob's claims) waiting. */
    async function waitingBoth(): Promise<Fixture> {
      const f = await loadMembers();
      await synthesize(f, f.alice, "USDT", 1_000n);
      await synthesize(f, f.bob, "USDT", 10_000n);
      await time.increase(10n * DAY);
      await f.revenue.connect(f.bob).claim(0n);
      return f;
    }

    it("machine revenue first, then the bonuses; what is left stays waiting, and ClaimedInPart says so", async () => {
      const f = await waitingBoth();
      // The rate stops, so what waits, and the budget it gives, is the same when the claim is mined.
      await f.governed.revenue.setDailyRate(0n);
      const price = await f.main.priceOf(f.addresses.ACB);
      const earnings = await f.revenue.earningsOf(f.alice.address);
      // A short reserve whose share for alice (her budget) is 60 USD, less than her machine revenue alone.
      const held = await leaveBudget(f, f.alice.address, earnings.totalWaiting, parseEther("60"));
      const budget = await claimBudget(f, f.alice.address, earnings.totalWaiting);
      expect(earnings.machineWaiting).to.be.greaterThan(budget);
      expect(earnings.preachingWaiting[0]).to.be.greaterThan(0n);

      const claim = await f.revenue.connect(f.alice).claim(0n);
      const after = await f.revenue.earningsOf(f.alice.address);
      await expect(claim).to.emit(f.revenue, "ClaimedInPart").withArgs(f.alice.address, after.machineReceived, after.totalWaiting, held);
      // Machine revenue took the whole budget (to the unit, ~1.2e-9 USD); the gold waits untouched.
      expect(after.machineReceived).to.be.closeTo(budget, 10n ** 10n);
      expect(after.machineReceived).to.be.lessThanOrEqual(budget);
      expect(after.preachingWaiting[0]).to.equal(earnings.preachingWaiting[0]);
      expect(after.totalWaiting).to.be.greaterThan(0n);
      // The reserve paid that and no more; the rest of it stays for what the others are owed.
      expect(await f.tokens.ACB.balanceOf(f.addresses.Revenue)).to.equal(held - (after.machineReceived * USD) / price);

      // Topped up past everything promised, the next claim pays the rest.
      await mint(f, "ACB", f.addresses.Revenue, parseEther("1000000"));
      await time.increase(61n);
      await expect(f.revenue.connect(f.alice).claim(0n)).not.to.emit(f.revenue, "ClaimedInPart");
      expect((await f.revenue.earningsOf(f.alice.address)).totalWaiting).to.equal(0n);
    });

    it("a reserve that pays nothing refuses with RevenueReserveShort, and everything stays waiting", async () => {
      const f = await waitingBoth();
      await leaveReserve(f, 0n);
      const earnings = await f.revenue.earningsOf(f.alice.address);
      await expect(f.revenue.connect(f.alice).claim(0n))
        .to.be.revertedWithCustomError(f.revenue, "RevenueReserveShort")
        .withArgs((waiting: bigint) => waiting >= earnings.totalWaiting, 0n);
      expect((await f.revenue.earningsOf(f.alice.address)).totalWaiting).to.be.greaterThanOrEqual(earnings.totalWaiting);
    });
  });

  describe("a scheduled price comes into force without an event, by the documented rule", () => {
    it("replaying PriceSet and PriceChangeScheduled by docs/product/contracts.md §4 gives priceOf", async () => {
      const f = await loadDeployment();
      const X = f.addresses.X;
      // A step at once, a cut announced and left to apply unseen, then one replaced before its time.
      await time.increase(DAY);
      await f.governed.main.setPrice(X, parseEther("0.55"));
      await f.governed.main.setPrice(X, parseEther("0.25"));
      await time.increase(DAY + 1n);
      await f.governed.main.setPrice(f.addresses.FTB, parseEther("1"));
      await time.increase(DAY / 2n);
      await f.governed.main.setPrice(f.addresses.FTB, parseEther("0.1"));
      await setPriceNow(f, "ZYB", parseEther("1"));
      await mine(1, { interval: 3_600 });

      const now = BigInt((await ethers.provider.getBlock("latest"))!.timestamp);
      const replayed = await replayPrices(f.main, now);
      for (const symbol of ["X", "FTB", "ZYB", "USDT", "ACB"] as const) {
        expect(replayed.get(f.addresses[symbol]), symbol).to.equal(await f.main.priceOf(f.addresses[symbol]));
      }
      // The announced cut of X came into force with no event of its own.
      expect(replayed.get(X)).to.equal(parseEther("0.25"));
    });
  });
});

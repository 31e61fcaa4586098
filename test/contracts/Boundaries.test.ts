/**
 * The money rules at their edges, where an off-by-one or a rounding the wrong way costs someone a
 * wei: a user's bound met exactly and missed by one wei, prices that do not divide evenly, and
 * preaching gold when bonuses wait beside machine revenue. docs/testing.md §1 says which suite
 * holds which rule; these are the Hardhat suite's own, so that it alone sees them.
 */
import { time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { MaxUint256, parseEther } from "ethers";

import { leaveReserve, loadDeployment, loadMembers, mint, referralChain, setPriceNow, synthesize } from "./shared/fixtures";
import type { Account, Fixture } from "./shared/fixtures";

const DAY = 86_400n;
/** Bonuses are credited in whole nano-USD. */
const NANO = 10n ** 9n;

/** ceil(a * b / c), as a seller's USDT is computed. */
const ceilDiv = (a: bigint, b: bigint, c: bigint) => (a * b + c - 1n) / c;

async function marketReady(f: Fixture, seller: Account, buyer: Account, mv: bigint, usdt: bigint): Promise<void> {
  await mint(f, "MV", seller.address, mv);
  await mint(f, "USDT", buyer.address, usdt);
  await f.tokens.MV.connect(seller).approve(f.addresses.MvMarket, MaxUint256);
  await f.tokens.USDT.connect(buyer).approve(f.addresses.MvMarket, MaxUint256);
}

describe("Money rules at their edges", () => {
  describe("a user's bound", () => {
    it("a claim pays with minAcb exactly what it pays, and refuses minAcb one wei more", async () => {
      const f = await loadMembers();
      await synthesize(f, f.carol, "USDT", 1_000n);
      // Long enough for the record to go out: what is waiting stops growing, so the ACB a claim
      // pays is the same in the next block as in this one.
      await time.increase(1_000n * DAY);
      const acb = await f.revenue.connect(f.carol).claim.staticCall(0n);
      expect(acb).to.be.greaterThan(0n);
      await expect(f.revenue.connect(f.carol).claim(acb + 1n))
        .to.be.revertedWithCustomError(f.revenue, "RevenueClaimBelowMin")
        .withArgs(acb, acb + 1n);
      await expect(f.revenue.connect(f.carol).claim(acb)).to.changeTokenBalance(f.tokens.ACB, f.carol.address, acb);
    });

    it("a buy fills with minMvOut exactly what it fills, and refuses minMvOut one wei more", async () => {
      const f = await loadDeployment();
      await marketReady(f, f.bob, f.alice, parseEther("1000"), parseEther("10"));
      await f.market.connect(f.bob).list(parseEther("1000"));
      const [mv] = await f.market.quoteBuy(parseEther("3"));
      await expect(f.market.connect(f.alice).buy(parseEther("3"), mv + 1n))
        .to.be.revertedWithCustomError(f.market, "MarketOutputBelowMin")
        .withArgs(mv, mv + 1n);
      await expect(f.market.connect(f.alice).buy(parseEther("3"), mv)).to.changeTokenBalance(f.tokens.MV, f.alice.address, mv);
    });
  });

  describe("prices that do not divide evenly", () => {
    // MV at 1/3 USD and USDT at 1 USD: every MV amount's worth in USDT has a remainder.
    const THIRD = parseEther("1") / 3n;

    it("a whole order sold pays its seller the order's worth rounded up, never a wei less", async () => {
      const f = await loadDeployment();
      await setPriceNow(f, "MV", THIRD);
      const deposit = parseEther("1000") + 1n;
      await marketReady(f, f.bob, f.alice, deposit, parseEther("1000"));
      await f.market.connect(f.bob).list(deposit);
      const [priceMv, priceUsdt] = [await f.main.priceOf(f.addresses.MV), await f.main.priceOf(f.addresses.USDT)];
      const worth = ceilDiv(deposit, priceMv, priceUsdt);
      expect((deposit * priceMv) % priceUsdt, "the case has a remainder").to.not.equal(0n);
      const buy = f.market.connect(f.alice).buy(parseEther("1000"), 0n);
      await expect(buy).to.changeTokenBalances(f.tokens.USDT, [f.bob.address, f.alice.address], [worth, -worth]);
      await expect(buy).to.emit(f.market, "Filled").withArgs(0n, f.bob.address, f.alice.address, deposit, worth);
    });

    it("a part of an order pays its seller that part's worth rounded up, and the buyer no MV beyond what was paid", async () => {
      const f = await loadDeployment();
      await setPriceNow(f, "MV", THIRD);
      await marketReady(f, f.bob, f.alice, parseEther("1000"), parseEther("10"));
      await f.market.connect(f.bob).list(parseEther("1000"));
      const [priceMv, priceUsdt] = [await f.main.priceOf(f.addresses.MV), await f.main.priceOf(f.addresses.USDT)];
      const budget = parseEther("1") + 1n;
      const mv = (budget * priceUsdt) / priceMv;
      const paid = ceilDiv(mv, priceMv, priceUsdt);
      expect(paid).to.be.at.most(budget);
      const buy = f.market.connect(f.alice).buy(budget, 0n);
      await expect(buy).to.changeTokenBalances(f.tokens.USDT, [f.bob.address, f.alice.address], [paid, -paid]);
      await expect(buy).to.changeTokenBalance(f.tokens.MV, f.alice.address, mv);
    });
  });

  describe("a claim the reserve cannot pay whole", () => {
    it("pays no bonus while machine revenue still waits, even with less than one accrual unit left of the reserve", async () => {
      const f = await loadMembers();
      // bob's team makes alice V2 the next day; then alice synthesises a lot, and bob's synthesis pays her dynamic revenue.
      await synthesize(f, f.bob, "USDT", 100_000n);
      await time.increase(DAY);
      await synthesize(f, f.alice, "USDT", 1_000_000_000n);
      await synthesize(f, f.bob, "USDT", 1_000_000n);
      await time.increase(DAY);
      expect((await f.revenue.earningsOf(f.alice.address)).dynamicWaiting).to.be.greaterThan(0n);
      // A reserve worth a million USD and 1.1 nano-USD: whole accrual units of machine revenue, and a
      // remainder that would pay one nano-USD of a bonus.
      const price = await f.main.priceOf(f.addresses.ACB);
      await leaveReserve(f, ((parseEther("1000000") + 1_100_000_000n) * parseEther("1")) / price);
      await expect(f.revenue.connect(f.alice).claim(0n)).to.emit(f.revenue, "ClaimedInPart");
      const after = await f.revenue.earningsOf(f.alice.address);
      expect(after.machineWaiting).to.be.greaterThan(0n);
      expect(after.dynamicReceived, "no dynamic revenue before the machine revenue").to.equal(0n);
    });
  });

  describe("preaching gold", () => {
    it("is credited on the machine revenue a claim pays, not on the bonuses it pays beside it", async () => {
      const f = await loadMembers();
      const [dave, erin] = await referralChain(f, f.carol.address, 2, "edge");
      // dave earns machine revenue, and preaching gold from erin's claim below him.
      await synthesize(f, dave, "USDT", 1_000n);
      await synthesize(f, erin, "USDT", 1_000n);
      await time.increase(DAY - 2n);
      await f.revenue.connect(erin).claim(0n);
      const before = await f.revenue.earningsOf(dave.address);
      expect(before.preachingWaiting[0], "dave has gold waiting beside his machine revenue").to.be.greaterThan(0n);
      const carolBefore = (await f.revenue.earningsOf(f.carol.address)).preachingWaiting[0];

      const claim = f.revenue.connect(dave).claim(0n);
      await expect(claim).to.emit(f.revenue, "Claimed");
      const machinePaid = (await f.revenue.earningsOf(dave.address)).machineReceived - before.machineReceived;
      expect(machinePaid).to.be.greaterThan(0n);
      // carol is dave's first generation: 10% of the machine revenue paid (credited in whole
      // nano-USD), and nothing of the gold.
      expect((await f.revenue.earningsOf(f.carol.address)).preachingWaiting[0] - carolBefore).to.equal((machinePaid / 10n / NANO) * NANO);
    });
  });
});

/**
 * The money rules at their edges, where an off-by-one or a rounding the wrong way costs someone a
 * wei: a user's bound met exactly and missed by one wei, prices that do not divide evenly, and
 * preaching gold when bonuses wait beside machine revenue. docs/testing.md §8 says which suite
 * holds which rule; these are the Hardhat suite's own, so that it alone sees them.
 */
import { time } from "@nomicfoundation/hardhat-network-helpers";
import { anyValue } from "@nomicfoundation/hardhat-chai-matchers/withArgs";
import { expect } from "chai";
import { MaxUint256, parseEther } from "ethers";

import { claimBudget, leaveBudget, leaveReserve, loadDeployment, loadMembers, mint, referralChain, setPriceNow, synthesize } from "./shared/fixtures";
import type { Account, Fixture } from "./shared/fixtures";

const USD = parseEther("1");
const DAY = 86_400n;
/** Bonuses are credited in whole nano-USD. */
const NANO = 10n ** 9n;
/** Index units over which a record earns its value once: Revenue counts machine revenue in whole
 *  USD times a 10,000-per-day index (about 1.16 nano-USD a unit). */
const INDEX_PER_VALUE = 10_000n * DAY;

/** ceil(a * b / c), as a seller's USDT is computed. */
const ceilDiv = (a: bigint, b: bigint, c: bigint) => (a * b + c - 1n) / c;
/** One accrual unit of machine revenue in USD wei, rounded up. */
const UNIT_USD = ceilDiv(USD, 1n, INDEX_PER_VALUE);
/** What a member has received of machine revenue after a claim with `budget` USD, having received
 *  `received` before: the most whole units worth (before rounding) no more than both together. */
const receivedWithin = (received: bigint, budget: bigint) => ((((received + budget) * INDEX_PER_VALUE) / USD) * USD) / INDEX_PER_VALUE;

async function marketReady(f: Fixture, seller: Account, buyer: Account, mv: bigint, usdt: bigint): Promise<void> {
  await mint(f, "MV", seller.address, mv);
  await mint(f, "USDT", buyer.address, usdt);
  await f.tokens.MV.connect(seller).approve(f.addresses.MvMarket, MaxUint256);
  await f.tokens.USDT.connect(buyer).approve(f.addresses.MvMarket, MaxUint256);
}

/** carol's line below her: dave, then erin, each with a record of 1,000 hashrate; after `wait`, erin
 *  claims, which credits preaching gold to dave (generation 1), carol (2) and bob (3). */
async function goldFromErin(f: Fixture, label: string, wait: bigint): Promise<Account> {
  const [dave, erin] = await referralChain(f, f.carol.address, 2, label);
  await synthesize(f, dave, "USDT", 1_000n);
  await synthesize(f, erin, "USDT", 1_000n);
  await time.increase(wait);
  await f.revenue.connect(erin).claim(0n);
  return dave;
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

  describe("a buy's last fill", () => {
    it("stops where what is left cannot buy one wei of the next order, with no empty fill", async () => {
      const f = await loadDeployment();
      // MV at 3 USD: one USDT wei buys a third of an MV wei, which is none.
      await setPriceNow(f, "MV", parseEther("3"));
      await marketReady(f, f.bob, f.alice, parseEther("2000"), parseEther("10000"));
      await f.market.connect(f.bob).list(parseEther("1000"));
      await f.market.connect(f.bob).list(parseEther("1000"));
      const [priceMv, priceUsdt] = [await f.main.priceOf(f.addresses.MV), await f.main.priceOf(f.addresses.USDT)];
      const first = ceilDiv(parseEther("1000"), priceMv, priceUsdt);
      expect(await f.market.previewBuy(first + 1n)).to.have.lengthOf(1);
      expect(await f.market.quoteBuy(first + 1n)).to.deep.equal([parseEther("1000"), first]);
      await expect(f.market.connect(f.alice).buy(first + 1n, 0n)).to.emit(f.market, "Bought").withArgs(f.alice.address, parseEther("1000"), first, 1n);
    });
  });

  describe("a claim the reserve cannot pay whole", () => {
    it("pays no bonus while machine revenue still waits, even with less than one accrual unit left of the budget", async () => {
      const f = await loadMembers();
      // bob's team makes alice V2 the next day; then alice synthesises a lot, and bob's synthesis pays her dynamic revenue.
      await synthesize(f, f.bob, "USDT", 100_000n);
      await time.increase(DAY);
      await synthesize(f, f.alice, "USDT", 1_000_000_000n);
      await synthesize(f, f.bob, "USDT", 1_000_000n);
      await time.increase(DAY);
      // The rate stops, so what waits, and the budget it gives, is the same when the claim is mined.
      await f.governed.revenue.setDailyRate(0n);
      const before = await f.revenue.earningsOf(f.alice.address);
      expect(before.dynamicWaiting).to.be.greaterThan(0n);
      // A budget of a million USD and 1.1 nano-USD: whole accrual units of machine revenue (a million
      // USD is 8.64e14 of them), and a remainder that would pay one nano-USD of a bonus.
      await leaveBudget(f, f.alice.address, before.totalWaiting, parseEther("1000000") + 1_100_000_000n);
      const budget = await claimBudget(f, f.alice.address, before.totalWaiting);
      expect(budget - parseEther("1000000"), "the remainder").to.be.within(NANO, UNIT_USD - 1n);
      await expect(f.revenue.connect(f.alice).claim(0n)).to.emit(f.revenue, "ClaimedInPart");
      const after = await f.revenue.earningsOf(f.alice.address);
      expect(after.machineReceived, "the whole units the budget holds").to.equal(parseEther("1000000"));
      expect(after.machineWaiting).to.be.greaterThan(0n);
      expect(after.dynamicReceived, "no dynamic revenue before the machine revenue").to.equal(0n);
    });

    it("a second claim pays exactly what was earned since the first", async () => {
      const f = await loadMembers();
      await synthesize(f, f.carol, "USDT", 1_000n);
      await time.increase(DAY);
      await f.revenue.connect(f.carol).claim(0n);
      // The record goes out: what waits stops growing.
      await time.increase(1_000n * DAY);
      const waiting = (await f.revenue.earningsOf(f.carol.address)).machineWaiting;
      const price = await f.main.priceOf(f.addresses.ACB);
      await expect(f.revenue.connect(f.carol).claim(0n))
        .to.emit(f.revenue, "Claimed")
        .withArgs(f.carol.address, anyValue, waiting, (waiting * parseEther("1")) / price, price);
      const after = await f.revenue.earningsOf(f.carol.address);
      expect(after.machineWaiting).to.equal(0n);
      // The two claims together paid exactly the record's cap: 1,000 USD times the out multiple.
      expect(after.machineReceived).to.equal(parseEther("1000") * (await f.revenue.outMultiple()));
    });

    it("a reserve worth exactly everything promised pays what waits whole, to the wei, even when it does not divide evenly; a wei less shares it", async () => {
      const f = await loadMembers();
      await synthesize(f, f.carol, "USDT", 1_000n);
      // 12,346 s of accrual: a number of units whose USD value has a remainder. Then the rate stops,
      // so what waits is the same when the claim is mined.
      await time.increase(12_345n);
      await f.governed.revenue.setDailyRate(0n);
      // ACB at 1 USD: a reserve of exactly that many ACB wei is worth exactly everything promised
      // (carol's whole cap, more than what waits: only then is the budget all that waits).
      await setPriceNow(f, "ACB", parseEther("1"));
      const waiting = (await f.revenue.earningsOf(f.carol.address)).machineWaiting;
      const { promisedUsd } = await f.revenue.backing();
      const price = await f.main.priceOf(f.addresses.ACB);
      const reserve = (promisedUsd * parseEther("1") + price - 1n) / price;
      // A wei short of it, the reserve is shared: carol's share is a wei short of what waits, and
      // whole units of it pay one unit less.
      await leaveReserve(f, reserve - 1n);
      expect(await claimBudget(f, f.carol.address, waiting)).to.equal(waiting - 1n);
      const short = await f.revenue.connect(f.carol).claim.staticCall(0n);
      expect(waiting - (short * price) / parseEther("1"), "one unit short").to.be.within(1n, UNIT_USD);
      await leaveReserve(f, reserve);
      expect((await f.revenue.backing()).reserveUsd, "a reserve worth exactly everything promised").to.equal(promisedUsd);
      const claim = f.revenue.connect(f.carol).claim(0n);
      await expect(claim).to.emit(f.revenue, "Claimed").withArgs(f.carol.address, anyValue, waiting, (waiting * parseEther("1")) / price, price);
      await expect(claim).not.to.emit(f.revenue, "ClaimedInPart");
      expect((await f.revenue.earningsOf(f.carol.address)).machineWaiting).to.equal(0n);
    });

    it("a later claim short of the reserve pays its share of it, in whole units counted from what was paid before", async () => {
      const f = await loadMembers();
      await synthesize(f, f.carol, "USDT", 1_000n);
      await time.increase(DAY);
      await f.revenue.connect(f.carol).claim(0n);
      // The record goes out: what waits, and the budget it gives, stops changing.
      await time.increase(1_000n * DAY);
      const before = await f.revenue.earningsOf(f.carol.address);
      // A short reserve whose share for carol is half of what waits.
      const reserve = await leaveBudget(f, f.carol.address, before.totalWaiting, before.totalWaiting / 2n);
      const budget = await claimBudget(f, f.carol.address, before.totalWaiting);
      const price = await f.main.priceOf(f.addresses.ACB);
      const claim = f.revenue.connect(f.carol).claim(0n);
      await expect(claim).to.emit(f.revenue, "ClaimedInPart");
      const after = await f.revenue.earningsOf(f.carol.address);
      const paid = before.machineWaiting - after.machineWaiting;
      expect(after.machineReceived - before.machineReceived).to.equal(paid);
      // Whole accrual units only, counted from what the first claim paid: the most whose total received
      // stays within it plus the budget, so at most one unit of the budget is left (a whole one when
      // the next unit's rounded total is exactly that: its worth before rounding is a little more).
      expect(after.machineReceived).to.equal(receivedWithin(before.machineReceived, budget));
      expect(budget - paid).to.be.within(0n, UNIT_USD);
      const acb = (paid * parseEther("1")) / price;
      expect(acb).to.be.at.most(reserve);
      await expect(claim).to.emit(f.revenue, "Claimed").withArgs(f.carol.address, anyValue, paid, acb, price);
      await expect(claim).to.emit(f.revenue, "ClaimedInPart").withArgs(f.carol.address, paid, after.totalWaiting, reserve);
    });

    it("pays preaching gold of each generation: all that waits for bob and carol, and beside dave's machine revenue", async () => {
      const f = await loadMembers();
      // Both records go out; carol and bob have nothing but the gold waiting, dave his record's revenue too.
      const dave = await goldFromErin(f, "gold", 1_000n * DAY);
      // From the top down: a claim of machine revenue credits gold above it.
      for (const [member, generation] of [
        [f.bob, 2],
        [f.carol, 1],
        [dave, 0],
      ] as const) {
        const before = await f.revenue.earningsOf(member.address);
        expect(before.preachingWaiting[generation], `generation ${generation + 1}'s gold waits`).to.be.greaterThan(0n);
        const others = [before.dynamicWaiting, ...before.preachingWaiting.filter((_gold, index) => index !== generation)];
        if (member !== dave) others.push(before.machineWaiting);
        expect(others, "no other bonus waits").to.deep.equal(others.map(() => 0n));
        if (member === dave) expect(before.machineWaiting, "dave's own record's revenue waits beside").to.be.greaterThan(0n);
        await f.revenue.connect(member).claim(0n);
        const after = await f.revenue.earningsOf(member.address);
        expect(after.preachingReceived[generation], `generation ${generation + 1}'s gold is paid`).to.equal(before.preachingWaiting[generation]);
      }
    });

    it("pays bonuses only from what the budget has left after machine revenue, and says exactly what still waits", async () => {
      const f = await loadMembers();
      // Both records go out: what waits, and the budget it gives, stops changing.
      const dave = await goldFromErin(f, "short", 1_000n * DAY);
      const before = await f.revenue.earningsOf(dave.address);
      const gold = before.preachingWaiting[0];
      expect(gold, "dave has preaching gold waiting beside his machine revenue").to.be.greaterThan(0n);
      // A short reserve whose share for dave is all of his machine revenue and half of his gold.
      const reserve = await leaveBudget(f, dave.address, before.totalWaiting, before.machineWaiting + gold / 2n);
      const budget = await claimBudget(f, dave.address, before.totalWaiting);
      const price = await f.main.priceOf(f.addresses.ACB);
      const claim = f.revenue.connect(dave).claim(0n);
      await expect(claim).to.emit(f.revenue, "Claimed");
      const after = await f.revenue.earningsOf(dave.address);
      expect(after.machineWaiting, "machine revenue first, all of it").to.equal(0n);
      expect(after.preachingWaiting[0], "the gold that did not fit still waits").to.be.greaterThan(0n);
      expect(after.preachingReceived[0] - before.preachingReceived[0], "the gold the budget had room for is paid, in whole nano-USD").to.equal(
        ((budget - before.machineWaiting) / NANO) * NANO,
      );
      const paid = before.totalWaiting - after.totalWaiting;
      expect(paid, "never more than the budget").to.be.at.most(budget);
      expect((paid * parseEther("1")) / price, "never more than the reserve").to.be.at.most(reserve);
      await expect(claim).to.emit(f.revenue, "ClaimedInPart").withArgs(dave.address, paid, after.totalWaiting, reserve);
    });
  });

  describe("preaching gold", () => {
    it("is not credited, nor said to be, when it is less than one nano-USD", async () => {
      const f = await loadMembers();
      const [dave] = await referralChain(f, f.carol.address, 1, "tiny");
      await synthesize(f, dave, "USDT", 1_000n);
      await time.increase(DAY);
      // The rate stops, so what waits, and the budget it gives, is the same when the claim is mined.
      await f.governed.revenue.setDailyRate(0n);
      const waiting = (await f.revenue.earningsOf(dave.address)).totalWaiting;
      // A budget of 2.3 nano-USD: one whole accrual unit (about 1.16 nano-USD) of machine revenue, whose 10% is no whole nano-USD.
      const reserve = await leaveBudget(f, dave.address, waiting, 2_300_000_000n);
      const oneUnit = USD / INDEX_PER_VALUE;
      const claim = f.revenue.connect(dave).claim(0n);
      await expect(claim).to.emit(f.revenue, "ClaimedInPart").withArgs(dave.address, oneUnit, waiting - oneUnit, reserve);
      await expect(claim).not.to.emit(f.revenue, "PreachingGoldCredited");
      expect((await f.revenue.earningsOf(f.carol.address)).preachingWaiting[0]).to.equal(0n);
    });

    it("is credited on the machine revenue a claim pays, not on the bonuses it pays beside it", async () => {
      const f = await loadMembers();
      // dave earns machine revenue, and preaching gold from erin's claim below him.
      const dave = await goldFromErin(f, "edge", DAY - 2n);
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

/**
 * What a user earned before an owner's change is not repriced by it (docs/decisions/governance.md):
 * for every rate, revenue and rewards earned before a change keep their terms; and a reserve short
 * of what is promised is shared pro rata, not raced (docs/product/contracts.md §6).
 */
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { parseEther } from "ethers";
import { ethers } from "hardhat";
import type { ContractTransactionResponse, Signer } from "ethers";

import type { Fixture } from "./shared/fixtures";
import { leaveReserve, membersFixture, mint, referralChain, synthesize } from "./shared/fixtures";

const USD = parseEther("1");
const NANO = 10n ** 9n;
const DAY = 86_400n;
const BPS = 10_000n;
/** Index units over which a record earns its value once: basis points times seconds per day. */
const INDEX_PER_VALUE = BPS * DAY;
/** USD of machine revenue in one value-index unit, rounded up: the most a whole-unit payment falls short of its budget by. */
const ONE_UNIT = USD / INDEX_PER_VALUE + 1n;

/** Preaching gold of generations 1 to 3 credited by `claim` (PreachingGoldCredited, by generation). */
async function goldCredited(f: Fixture, claim: ContractTransactionResponse): Promise<bigint[]> {
  const receipt = (await claim.wait())!;
  const gold = [0n, 0n, 0n];
  for (const log of receipt.logs) {
    const parsed = f.revenue.interface.parseLog(log);
    if (parsed?.name === "PreachingGoldCredited") gold[Number(parsed.args.generation) - 1] += parsed.args.amount as bigint;
  }
  return gold;
}

/** Machine revenue of 1,000 USD of records at 1% a day over `seconds`, in USD (18 decimals). */
const revenueOver = (seconds: bigint) => (1_000n * 100n * seconds * USD) / INDEX_PER_VALUE;
/** Gold of each generation on `usd` at `rates` (basis points), rounded down to the nano-USD as Revenue credits it. */
const goldAt = (usd: bigint, rates: bigint[]) => rates.map((rate) => ((usd * rate) / BPS / NANO) * NANO);
const plus = (a: bigint[], b: bigint[]) => a.map((value, i) => value + b[i]);

/** Dave, three generations below alice (carol, bob, alice above him), with a 1,000 USD record from `start`. */
async function daveWithRecord(): Promise<{ f: Fixture; dave: Awaited<ReturnType<typeof referralChain>>[number]; start: bigint }> {
  const f = await loadFixture(membersFixture);
  const [dave] = await referralChain(f, f.carol.address, 1, "dave");
  await synthesize(f, dave, "USDT", 1_000n);
  return { f, dave, start: BigInt(await time.latest()) };
}

describe("Earned means earned", () => {
  describe("preaching gold keeps the rates the revenue was earned under", () => {
    const DEFAULT = [1_000n, 500n, 300n];

    it("a cut applies only to revenue earned after it: the inviters keep the gold of the day before", async () => {
      const { f, dave, start } = await daveWithRecord();
      const cut = [500n, 0n, 0n];
      await time.setNextBlockTimestamp(start + DAY);
      await (await f.governed.revenue.setPreachingRates([cut[0], cut[1], cut[2]])).wait();
      await time.setNextBlockTimestamp(start + 2n * DAY);
      const claim = await f.revenue.connect(dave).claim(0n);
      // Revenue of the first day at 10/5/3%, of the second at 5/0/0%.
      expect(await goldCredited(f, claim)).to.deep.equal(plus(goldAt(revenueOver(DAY), DEFAULT), goldAt(revenueOver(DAY), cut)));
      expect((await f.revenue.earningsOf(f.carol.address)).preachingWaiting[0]).to.equal(goldAt(revenueOver(DAY), DEFAULT)[0] + goldAt(revenueOver(DAY), cut)[0]);
    });

    it("a raise applies only to revenue earned after it", async () => {
      const { f, dave, start } = await daveWithRecord();
      const raise = [2_000n, 1_000n, 600n];
      await time.setNextBlockTimestamp(start + DAY);
      await (await f.governed.revenue.setPreachingRates([raise[0], raise[1], raise[2]])).wait();
      await time.setNextBlockTimestamp(start + 3n * DAY);
      const claim = await f.revenue.connect(dave).claim(0n);
      expect(await goldCredited(f, claim)).to.deep.equal(plus(goldAt(revenueOver(DAY), DEFAULT), goldAt(revenueOver(2n * DAY), raise)));
    });

    it("several changes between two claims: each day's revenue at that day's rates", async () => {
      const { f, dave, start } = await daveWithRecord();
      const days = [DEFAULT, [0n, 0n, 0n], [3_000n, 0n, 100n], [1_000n, 1_000n, 1_000n]];
      for (let day = 1; day < days.length; day++) {
        await time.setNextBlockTimestamp(start + BigInt(day) * DAY);
        const [r1, r2, r3] = days[day];
        await (await f.governed.revenue.setPreachingRates([r1, r2, r3])).wait();
      }
      await time.setNextBlockTimestamp(start + BigInt(days.length) * DAY);
      const claim = await f.revenue.connect(dave).claim(0n);
      const expected = days.reduce((sum, rates) => plus(sum, goldAt(revenueOver(DAY), rates)), [0n, 0n, 0n]);
      // Each day's gold rounds on its own, as Revenue sets each day aside: within a nano-USD per day.
      const gold = await goldCredited(f, claim);
      for (let g = 0; g < 3; g++) expect(expected[g] - gold[g]).to.be.within(0n, BigInt(days.length) * NANO);
    });

    it("revenue earned before a cut and paid in two claims (a short reserve between) credits exactly the old rates' gold in all", async () => {
      const { f, dave, start } = await daveWithRecord();
      const reserve = await f.tokens.ACB.balanceOf(f.addresses.Revenue);
      await time.setNextBlockTimestamp(start + 2n * DAY);
      await (await f.governed.revenue.setPreachingRates([0n, 0n, 0n])).wait();
      // A reserve worth a tenth of what is promised: the claim pays part of the two days' revenue.
      const { promisedUsd } = await f.revenue.backing();
      await leaveReserve(f, promisedUsd / 10n / 2n);
      const first = await goldCredited(f, await f.revenue.connect(dave).claim(0n));
      await leaveReserve(f, reserve);
      await time.increase(DAY);
      const second = await goldCredited(f, await f.revenue.connect(dave).claim(0n));
      // The first paid part of the old-rate revenue and credited its share; the rest came with the second.
      expect(first[0]).to.be.greaterThan(0n);
      const total = plus(first, second);
      const exact = goldAt(revenueOver(2n * DAY), DEFAULT);
      for (let g = 0; g < 3; g++) expect(exact[g] - total[g]).to.be.within(0n, 2n * NANO);
    });

    it("revenue caught up past a backlog of finished records credits the rates it was earned under", async () => {
      const f = await loadFixture(membersFixture);
      // Alice (under genesis) with 201 records: more finished at once than one call takes out.
      const cost = await f.main.costOf(f.addresses.USDT, 100n);
      await mint(f, "USDT", f.alice.address, cost * 201n);
      await (await f.tokens.USDT.connect(f.alice).approve(f.addresses.Main, cost * 201n)).wait();
      for (let record = 0; record < 201; record++) await (await f.main.connect(f.alice).synthesize(f.addresses.USDT, 100n, cost)).wait();
      await time.increase(301n * DAY);
      await (await f.governed.revenue.setPreachingRates([0n, 0n, 0n])).wait();
      expect((await f.revenue.earningsOf(f.alice.address)).outBacklog).to.equal(true);
      // The claim stops at the 200th record's cap, short of the change: all it pays was earned at 10%.
      const claim = await f.revenue.connect(f.alice).claim(0n);
      const receipt = (await claim.wait())!;
      const paid = receipt.logs.map((log) => f.revenue.interface.parseLog(log)).find((parsed) => parsed?.name === "Claimed")!.args.usdValue as bigint;
      // The 200 records' caps and what the 201st, made a block later, earned until the 200th's cap.
      expect(paid).to.be.within(200n * 300n * USD, 201n * 300n * USD - 1n);
      expect(await goldCredited(f, claim)).to.deep.equal([goldAt(paid, DEFAULT)[0], 0n, 0n]);
    });

    it("a member who joins after many changes pays no more gas to synthesise than one who joined before them", async () => {
      const f = await loadFixture(membersFixture);
      const [early, late] = await referralChain(f, f.carol.address, 2, "joiner");
      const gasOfSynthesis = async (member: typeof early) => (await (await synthesize(f, member, "USDT", 100n)).wait())!.gasUsed;
      const before = await gasOfSynthesis(early);
      for (let change = 0; change < 30; change++) await (await f.governed.revenue.setPreachingRates([BigInt(900 + change), 500n, 300n])).wait();
      // `late` had nothing earning under any of the thirty: its first synthesis skips them.
      expect(await gasOfSynthesis(late)).to.be.lessThan(before + 25_000n);
    });
  });

  it("the daily rate: what was earned before a cut stays, and earns on at the new rate from then", async () => {
    const { f, dave, start } = await daveWithRecord();
    await time.setNextBlockTimestamp(start + DAY);
    await (await f.governed.revenue.setDailyRate(0n)).wait();
    await time.increase(10n * DAY);
    expect((await f.revenue.earningsOf(dave.address)).machineWaiting).to.equal(revenueOver(DAY));
  });

  it("VIP rates: dynamic revenue credited at a synthesis stays when the rates are cut", async () => {
    const f = await loadFixture(membersFixture);
    // Bob's team (carol) synthesises enough for V1 (10,000 USD) by tomorrow; then carol's next synthesis pays him the V1 rate.
    await synthesize(f, f.carol, "USDT", 10_000n);
    await time.increase(DAY);
    await synthesize(f, f.carol, "USDT", 1_000n);
    const waiting = (await f.revenue.earningsOf(f.bob.address)).dynamicWaiting;
    expect(waiting).to.equal((1_000n * USD * 200n) / BPS);
    await (await f.governed.community.configureLevels([10n ** 9n, 2n * 10n ** 9n, 3n * 10n ** 9n, 4n * 10n ** 9n, 5n * 10n ** 9n], [1n, 2n, 3n, 4n, 5n], [1n, 3n, 5n])).wait();
    expect((await f.revenue.earningsOf(f.bob.address)).dynamicWaiting).to.equal(waiting);
  });

  it("pool shares: what the pools hold stays when the shares are cut", async () => {
    const f = await loadFixture(membersFixture);
    await synthesize(f, f.carol, "USDT", 1_000n);
    const [lucky, max] = [(await f.main.luckyPool()).amount, (await f.main.maxPool()).amount];
    const [, , luckyDuration, roundDuration] = await f.main.poolConfig();
    await (await f.governed.main.setPoolConfig(0n, 0n, luckyDuration, roundDuration)).wait();
    expect([(await f.main.luckyPool()).amount, (await f.main.maxPool()).amount]).to.deep.equal([lucky, max]);
  });
});

describe("A short reserve is shared, not raced", () => {
  /** Carol and dave each with a 1,000 USD record made in the same block, two days of revenue waiting
   *  (accrual then stopped, so what waits does not move between claims), and a reserve worth a
   *  fifth of everything promised. With `gold`, preaching gold at its default rates; without it, none. */
  async function twoOwedTheSame({ gold }: { gold: boolean }) {
    const f = await loadFixture(membersFixture);
    const [dave] = await referralChain(f, f.bob.address, 1, "dave");
    if (!gold) await (await f.governed.revenue.setPreachingRates([0n, 0n, 0n])).wait();
    const cost = await f.main.costOf(f.addresses.USDT, 1_000n);
    for (const member of [f.carol, dave]) {
      await mint(f, "USDT", member.address, cost);
      await (await f.tokens.USDT.connect(member).approve(f.addresses.Main, cost)).wait();
    }
    await ethers.provider.send("evm_setAutomine", [false]);
    const sent = [await f.main.connect(f.carol).synthesize(f.addresses.USDT, 1_000n, cost), await f.main.connect(dave).synthesize(f.addresses.USDT, 1_000n, cost)];
    await ethers.provider.send("evm_mine", []);
    await ethers.provider.send("evm_setAutomine", [true]);
    await Promise.all(sent.map((transaction) => transaction.wait()));
    await time.increase(2n * DAY);
    await (await f.governed.revenue.setDailyRate(0n)).wait();
    const { promisedUsd, acbPrice } = await f.revenue.backing();
    await leaveReserve(f, ((promisedUsd / 5n) * USD) / acbPrice);
    return { f, dave };
  }

  /** What a claim by `member` paid (USD) of what waited, with the coverage before it (`coverage()`). */
  async function claimOf(f: Fixture, member: Signer) {
    const [coveredUsd, owedUsd] = await f.revenue.coverage();
    const receipt = (await (await f.revenue.connect(member).claim(0n)).wait())!;
    const events = receipt.logs.map((log) => f.revenue.interface.parseLog(log));
    const claimed = events.find((parsed) => parsed?.name === "Claimed")!;
    const inPart = events.find((parsed) => parsed?.name === "ClaimedInPart")!;
    const paid = claimed.args.usdValue as bigint;
    const credited = events.filter((parsed) => parsed?.name === "PreachingGoldCredited").reduce((sum, parsed) => sum + (parsed!.args.amount as bigint), 0n);
    return { paid, waiting: paid + (inPart.args.stillWaitingUsd as bigint), coveredUsd, owedUsd, credited };
  }

  /** A fraction in millionths. */
  const ppm = (part: bigint, whole: bigint) => (part * 1_000_000n) / whole;

  it("two members owed the same, one claiming first: both get the same share, the coverage, and the rest waits", async () => {
    const { f, dave } = await twoOwedTheSame({ gold: false });
    const first = await claimOf(f, f.carol);
    const second = await claimOf(f, dave);
    expect(first.waiting).to.equal(second.waiting);
    // The coverage is (paid ever + reserve) / (paid ever + promise): a payment lowers both sides alike.
    expect(second.coveredUsd * first.owedUsd - first.coveredUsd * second.owedUsd).to.be.within(-first.owedUsd, first.owedUsd);
    for (const { paid, waiting, coveredUsd, owedUsd } of [first, second]) {
      // Machine revenue is paid in whole accrual units: at most one short of the share.
      expect((waiting * coveredUsd) / owedUsd - paid).to.be.within(0n, ONE_UNIT);
    }
    expect(first.paid - second.paid).to.be.within(-ONE_UNIT, ONE_UNIT);
    expect(ppm(first.paid, first.waiting)).to.equal(ppm(second.paid, second.waiting));
  });

  it("claiming again gains nothing until the coverage rises; a top-up raises it for everyone", async () => {
    const { f, dave } = await twoOwedTheSame({ gold: false });
    const first = await claimOf(f, f.carol);
    await time.increase(61);
    // Carol has her share of all she was owed: nothing more, however often she asks.
    await expect(f.revenue.connect(f.carol).claim(0n)).to.be.revertedWithCustomError(f.revenue, "RevenueReserveShort");
    // What is left of her share is less than the accrual unit the first claim rounded down to.
    expect(await f.revenue.claimableUsd(f.carol.address)).to.be.lessThan(ONE_UNIT);
    // A top-up: the reserve is worth half of the promise now. Dave, who waited, and carol, who claimed,
    // end with the same share of what they were owed.
    const { promisedUsd, acbPrice } = await f.revenue.backing();
    await leaveReserve(f, ((promisedUsd / 2n) * USD) / acbPrice);
    const again = await claimOf(f, f.carol);
    const daves = await claimOf(f, dave);
    expect(first.paid + again.paid - daves.paid).to.be.within(-2n * ONE_UNIT, 2n * ONE_UNIT);
  });

  it("with preaching gold, the only difference is the gold the first claim credits: a new promise, shared by both", async () => {
    const { f, dave } = await twoOwedTheSame({ gold: true });
    const first = await claimOf(f, f.carol);
    const second = await claimOf(f, dave);
    expect(first.credited).to.be.greaterThan(0n);
    // The coverage moved only by the gold: (covered) / (owed + gold credited).
    expect(second.coveredUsd).to.equal(first.coveredUsd);
    expect(second.owedUsd).to.equal(first.owedUsd + first.credited);
    expect(ppm(first.paid, first.waiting) - ppm(second.paid, second.waiting)).to.be.within(0n, ppm(first.credited, first.owedUsd) + 1n);
  });

  it("coverage() is what claims paid ever plus the reserve's worth, over that plus the promise", async () => {
    const { f } = await twoOwedTheSame({ gold: true });
    const { paid } = await claimOf(f, f.carol);
    const [coveredUsd, owedUsd] = await f.revenue.coverage();
    const { reserveUsd, promisedUsd } = await f.revenue.backing();
    expect([coveredUsd, owedUsd]).to.deep.equal([paid + reserveUsd, paid + promisedUsd]);
  });

  it("a reserve that covers everything promised pays everything waiting", async () => {
    const { f, dave } = await twoOwedTheSame({ gold: true });
    await leaveReserve(f, parseEther("5000000"));
    const waiting = await f.revenue.claimableUsd(dave.address);
    expect(waiting).to.equal((await f.revenue.earningsOf(dave.address)).totalWaiting);
    const claim = await f.revenue.connect(dave).claim(0n);
    await expect(claim).to.emit(f.revenue, "Claimed");
    await expect(claim).not.to.emit(f.revenue, "ClaimedInPart");
  });
});

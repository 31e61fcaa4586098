import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { MaxUint256, parseEther } from "ethers";

import type { Fixture } from "./shared/fixtures";
import { loadMembers, membersFixture, mint, nextUtcMidnight, referralChain, setPriceNow, synthesize } from "./shared/fixtures";

const USD = parseEther("1");
const DAY = 86_400n;
/** Index units over which a record earns its value once: basis points times seconds per day. */
const INDEX_PER_VALUE = 10_000n * DAY;

/** Machine revenue of `value` whole USD at 1%/day after `seconds`, rounded down. */
function earned(value: bigint, seconds: bigint): bigint {
  return (value * USD * 100n * seconds) / INDEX_PER_VALUE;
}

/** The same for several periods together, as the contract adds them before rounding. */
function earnedTogether(...periods: [value: bigint, seconds: bigint][]): bigint {
  const units = periods.reduce((sum, [value, seconds]) => sum + value * 100n * seconds, 0n);
  return (units * USD) / INDEX_PER_VALUE;
}

/** A synthesis of `hashrate` by `member`, then `seconds` later a block, with the record's start time. */
async function recordAndWait(f: Fixture, hashrate: bigint, seconds: bigint) {
  await synthesize(f, f.carol, "USDT", hashrate);
  const start = BigInt(await time.latest());
  if (seconds > 0n) await time.increaseTo(start + seconds);
  return start;
}

describe("Revenue", () => {
  describe("accrual", () => {
    it("accrues 1% of a record's value per day, per second", async () => {
      const f = await loadMembers();
      const start = await recordAndWait(f, 1_000n, 100n);
      expect((await f.revenue.earningsOf(f.carol.address)).machineWaiting).to.equal(earned(1_000n, 100n));
      await time.increaseTo(start + 101n);
      expect((await f.revenue.earningsOf(f.carol.address)).machineWaiting).to.equal(earned(1_000n, 101n));
      await time.increaseTo(start + DAY);
      expect((await f.revenue.earningsOf(f.carol.address)).machineWaiting).to.equal(10n * USD);
    });

    it("adds the records together", async () => {
      const f = await loadMembers();
      const start = await recordAndWait(f, 1_000n, 50n);
      await synthesize(f, f.carol, "USDT", 500n);
      const second = (await f.main.recordOf(f.carol.address, 1n)).time;
      await time.increaseTo(start + 150n);
      expect((await f.revenue.earningsOf(f.carol.address)).machineWaiting).to.equal(
        earnedTogether([1_000n, second - start], [1_500n, start + 150n - second]),
      );
    });

    it("marks a record out once it has earned 3 times its value, and stops it earning", async () => {
      const f = await loadMembers();
      const start = await recordAndWait(f, 1_000n, 300n * DAY - 1n);
      expect((await f.main.recordOf(f.carol.address, 0n)).out).to.equal(false);
      expect((await f.revenue.earningsOf(f.carol.address)).machineWaiting).to.be.lessThan(3_000n * USD);

      await time.increaseTo(start + 300n * DAY);
      expect((await f.main.recordOf(f.carol.address, 0n)).out).to.equal(true);
      expect(await f.revenue.outCount(f.carol.address)).to.equal(1n);
      expect((await f.revenue.earningsOf(f.carol.address)).machineTotal).to.equal(3_000n * USD);

      await time.increase(30n * DAY);
      const later = await f.revenue.earningsOf(f.carol.address);
      expect([later.machineTotal, later.activeValue]).to.deep.equal([3_000n * USD, 0n]);
    });

    it("takes records out in the order they were made", async () => {
      const f = await loadMembers();
      const start = await recordAndWait(f, 1_000n, 10n * DAY);
      await synthesize(f, f.carol, "USDT", 200n);
      const second = (await f.main.recordOf(f.carol.address, 1n)).time;
      await time.increaseTo(start + 305n * DAY);
      const page = await f.main.recordsOf(f.carol.address, 0n, 2n);
      expect(page.map((record) => [record.index, record.out])).to.deep.equal([
        [1n, false],
        [0n, true],
      ]);
      expect((await f.revenue.earningsOf(f.carol.address)).machineWaiting).to.equal(
        earnedTogether([1_000n, 300n * DAY], [200n, start + 305n * DAY - second]),
      );
    });

    it("keeps what was earned when the daily rate changes, and applies the new rate from then", async () => {
      const f = await loadMembers();
      const start = await recordAndWait(f, 1_000n, 0n);
      await time.setNextBlockTimestamp(start + DAY);
      await f.governed.revenue.setDailyRate(200n);
      await time.increaseTo(start + 2n * DAY);
      expect((await f.revenue.earningsOf(f.carol.address)).machineWaiting).to.equal(30n * USD);
    });

    it("works off a long backlog of records in bounded steps", async () => {
      const f = await loadMembers();
      for (let i = 0; i < 3; i++) await synthesize(f, f.carol, "USDT", 100n);
      await time.increase(301n * DAY);
      await expect(f.revenue.processOutRecords(f.carol.address, 2n))
        .to.emit(f.revenue, "RecordsOut")
        .withArgs(f.carol.address, 2n);
      await f.revenue.processOutRecords(f.carol.address, 5n);
      expect((await f.revenue.earningsOf(f.carol.address)).machineWaiting).to.equal(900n * USD);
      expect(await f.revenue.processOutRecords.staticCall(f.carol.address, 5n)).to.equal(0n);
    });

    it("takes out at most 200 records per call, and asks for the rest to be worked off first", async () => {
      const f = await loadMembers();
      const count = 201;
      const cost = await f.main.costOf(f.addresses.USDT, 100n);
      await mint(f, "USDT", f.carol.address, cost * BigInt(count));
      await f.tokens.USDT.connect(f.carol).approve(f.addresses.Main, cost * BigInt(count));
      await f.governed.main.setPoolConfig(0n, 0n, 600n, 86_400n);
      for (let i = 0; i < count; i++) await f.main.connect(f.carol).synthesize(f.addresses.USDT, 100n, MaxUint256);
      await time.increase(301n * DAY);

      // The figures run up to the 200th record's cap: 200 records at 3x, and the last one almost so.
      const backlog = await f.revenue.earningsOf(f.carol.address);
      expect([backlog.outBacklog, backlog.outCount]).to.deep.equal([true, 200n]);
      expect(backlog.machineWaiting).to.be.within(60_299n * USD, 60_300n * USD - 1n);
      await expect(synthesize(f, f.carol, "USDT", 100n))
        .to.be.revertedWithCustomError(f.revenue, "RevenueOutBacklog")
        .withArgs(f.carol.address);
      // A claim still pays what was earned up to there.
      await expect(f.revenue.connect(f.carol).claim(0n)).to.emit(f.revenue, "Claimed");
      const claimed = (await f.revenue.earningsOf(f.carol.address)).machineReceived;
      expect(claimed).to.be.within(60_299n * USD, 60_300n * USD - 1n);

      await f.revenue.processOutRecords(f.carol.address, 10n);
      const after = await f.revenue.earningsOf(f.carol.address);
      expect([after.outBacklog, after.outCount, after.machineTotal]).to.deep.equal([false, 201n, 60_300n * USD]);
      expect(after.machineWaiting).to.equal(60_300n * USD - claimed);
      await expect(synthesize(f, f.carol, "USDT", 100n)).to.emit(f.main, "Synthesized");
    });

    describe("finishedCount", () => {
      /** carol with 201 records of 100, one a block (so one second apart), and no pools to pay. */
      async function twoHundredOneRecords() {
        const f = await membersFixture();
        const count = 201;
        const cost = await f.main.costOf(f.addresses.USDT, 100n);
        await mint(f, "USDT", f.carol.address, cost * BigInt(count));
        await f.tokens.USDT.connect(f.carol).approve(f.addresses.Main, cost * BigInt(count));
        await f.governed.main.setPoolConfig(0n, 0n, 600n, 86_400n);
        for (let i = 0; i < count; i++) await f.main.connect(f.carol).synthesize(f.addresses.USDT, 100n, MaxUint256);
        return f;
      }

      /** When carol's record `index` reaches 3x at 1% a day. */
      async function capTime(f: Fixture, index: bigint) {
        return (await f.main.recordOf(f.carol.address, index)).time + 300n * DAY;
      }

      /** finishedCount, outCount and the backlog flag, as the Records screen reads them. */
      async function counts(f: Fixture) {
        const earnings = await f.revenue.earningsOf(f.carol.address);
        return [await f.revenue.finishedCount(f.carol.address), await f.revenue.outCount(f.carol.address), earnings.outBacklog];
      }

      it("is zero for a member without records, and while none has reached its cap", async () => {
        const f = await loadMembers();
        expect(await f.revenue.finishedCount(f.carol.address)).to.equal(0n);
        const start = await recordAndWait(f, 100n, 300n * DAY - 1n);
        expect(await f.revenue.finishedCount(f.carol.address)).to.equal(0n);
        await time.increaseTo(start + 300n * DAY);
        expect(await f.revenue.finishedCount(f.carol.address)).to.equal(1n);
      });

      it("agrees with outCount up to exactly 200 finished records", async () => {
        const f = await loadFixture(twoHundredOneRecords);
        await time.increaseTo(await capTime(f, 150n));
        expect(await counts(f)).to.deep.equal([151n, 151n, false]);
        await time.increaseTo((await capTime(f, 199n)) - 1n);
        expect(await counts(f)).to.deep.equal([199n, 199n, false]);
        await time.increaseTo(await capTime(f, 199n));
        expect(await counts(f)).to.deep.equal([200n, 200n, false]);
        // Main marks out exactly the records that reached their cap.
        expect((await f.main.recordOf(f.carol.address, 199n)).out).to.equal(true);
        expect((await f.main.recordOf(f.carol.address, 200n)).out).to.equal(false);
      });

      it("counts the 201st finished record, which outCount leaves to processOutRecords, and Main marks it out", async () => {
        const f = await loadFixture(twoHundredOneRecords);
        await time.increaseTo(await capTime(f, 200n));
        expect(await counts(f)).to.deep.equal([201n, 200n, true]);
        const [newest] = await f.main.recordsOf(f.carol.address, 0n, 1n);
        expect([newest.index, newest.out]).to.deep.equal([200n, true]);
        expect((await f.main.recordOf(f.carol.address, 200n)).out).to.equal(true);

        await f.revenue.processOutRecords(f.carol.address, 200n);
        expect(await counts(f)).to.deep.equal([201n, 201n, false]);
        // Once every record is out, the count stays.
        await time.increase(DAY);
        expect(await counts(f)).to.deep.equal([201n, 201n, false]);
      });

      it("counts from the records already taken out", async () => {
        const f = await loadFixture(twoHundredOneRecords);
        await time.increaseTo(await capTime(f, 200n));
        await f.revenue.processOutRecords(f.carol.address, 7n);
        expect(await counts(f)).to.deep.equal([201n, 201n, false]);
        await f.revenue.processOutRecords(f.carol.address, 200n);
        expect(await f.revenue.finishedCount(f.carol.address)).to.equal(201n);
      });

      it("follows a change of the daily rate: records made before it finish at the new rate", async () => {
        const f = await loadMembers();
        // Three records about a day apart at 1% a day; 50 days after the first the rate doubles.
        // A record made at t has then (change - t) of its 300 days-at-1% done, and finishes the
        // rest at 2%: half as many seconds, rounded up to the second its cap is reached.
        for (let i = 0; i < 3; i++) {
          await synthesize(f, f.carol, "USDT", 100n);
          await time.increase(DAY);
        }
        const times = await Promise.all([0n, 1n, 2n].map(async (index) => (await f.main.recordOf(f.carol.address, index)).time));
        const change = times[0] + 50n * DAY;
        await time.setNextBlockTimestamp(change);
        await f.governed.revenue.setDailyRate(200n);
        const finishAt = (t: bigint) => change + (300n * DAY - (change - t) + 1n) / 2n;

        for (const [index, t] of times.entries()) {
          await time.increaseTo(finishAt(t) - 1n);
          expect(await f.revenue.finishedCount(f.carol.address)).to.equal(BigInt(index));
          await time.increaseTo(finishAt(t));
          expect(await f.revenue.finishedCount(f.carol.address)).to.equal(BigInt(index + 1));
          expect(await f.revenue.outCount(f.carol.address)).to.equal(BigInt(index + 1));
        }
        expect((await f.main.recordsOf(f.carol.address, 0n, 3n)).map((record) => record.out)).to.deep.equal([true, true, true]);
      });
    });

    it("accepts new records only from Main", async () => {
      const f = await loadMembers();
      await expect(f.revenue.connect(f.alice).recordSynthesis(f.alice.address, 100n, []))
        .to.be.revertedWithCustomError(f.revenue, "RevenueNotMain")
        .withArgs(f.alice.address);
    });
  });

  describe("claim", () => {
    it("refuses when nothing is waiting", async () => {
      const f = await loadMembers();
      await expect(f.revenue.connect(f.alice).claim(0n)).to.be.revertedWithCustomError(f.revenue, "RevenueNothingToClaim");
    });

    describe("when the waiting revenue is worth less than one unit of ACB at the ACB price", () => {
      it("refuses the claim and leaves everything waiting", async () => {
        const f = await loadMembers();
        // At 0.01% a day and the highest ACB price, one second of 20 USD of hashrate earns
        // 20 USD x 1e-4 / 86,400 = 2.3e-8 USD, less than one wei of ACB (7.9e10 USD each).
        await f.governed.revenue.setDailyRate(1n);
        const highest = 2n ** 96n - 1n;
        await setPriceNow(f, "ACB", highest);
        await expect(setPriceNow(f, "ACB", highest + 1n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
        await synthesize(f, f.carol, "X", 20n);
        // The claim's block is one second after the synthesis.
        const oneSecond = (20n * USD) / (10_000n * BigInt(DAY));
        await expect(f.revenue.connect(f.carol).claim(0n))
          .to.be.revertedWithCustomError(f.revenue, "RevenueClaimPaysNothing")
          .withArgs(oneSecond, highest);
        const after = await f.revenue.earningsOf(f.carol.address);
        expect(after.machineReceived).to.equal(0n);
        expect(after.machineWaiting).to.be.greaterThan(0n);
      });
    });

    it("pays all waiting revenue in ACB at the ACB price to the member's own address", async () => {
      const f = await loadMembers();
      await recordAndWait(f, 1_000n, DAY - 1n);
      // The claim's block is one second later: exactly one day of revenue, 10 USD, is 5 ACB at 2 USD.
      await expect(f.revenue.connect(f.carol).claim(0n))
        .to.emit(f.revenue, "Claimed")
        .withArgs(f.carol.address, f.carol.address, 10n * USD, 5n * USD, 2n * USD);
      const after = await f.revenue.earningsOf(f.carol.address);
      expect([after.machineWaiting, after.machineReceived]).to.deep.equal([0n, 10n * USD]);
    });

    it("pays the settler, not the member, once the settler is changed", async () => {
      const f = await loadMembers();
      await f.community.connect(f.carol).changeSettler(f.eve.address);
      await recordAndWait(f, 1_000n, DAY - 1n);
      await expect(f.revenue.connect(f.carol).claim(0n)).to.changeTokenBalances(
        f.tokens.ACB,
        [f.eve.address, f.carol.address, f.addresses.Revenue],
        [5n * USD, 0n, -5n * USD],
      );
    });

    it("pays at the current ACB price", async () => {
      const f = await loadMembers();
      await setPriceNow(f, "ACB", 4n * USD);
      await recordAndWait(f, 1_000n, DAY - 1n);
      await expect(f.revenue.connect(f.carol).claim(0n)).to.changeTokenBalance(f.tokens.ACB, f.carol.address, parseEther("2.5"));
    });

    describe("interval", () => {
      async function claimedOnce() {
        const f = await loadMembers();
        await recordAndWait(f, 1_000n, 10n);
        await f.revenue.connect(f.carol).claim(0n);
        return { f, last: BigInt(await time.latest()) };
      }

      it("refuses a claim exactly 60 seconds after the last, naming the next allowed time", async () => {
        const { f, last } = await claimedOnce();
        await time.setNextBlockTimestamp(last + 60n);
        await expect(f.revenue.connect(f.carol).claim(0n))
          .to.be.revertedWithCustomError(f.revenue, "RevenueClaimTooSoon")
          .withArgs(last + 61n);
      });

      it("accepts a claim 61 seconds after the last", async () => {
        const { f, last } = await claimedOnce();
        await time.setNextBlockTimestamp(last + 61n);
        await expect(f.revenue.connect(f.carol).claim(0n)).to.emit(f.revenue, "Claimed");
      });

      it("reports the next allowed claim time", async () => {
        const { f, last } = await claimedOnce();
        const earnings = await f.revenue.earningsOf(f.carol.address);
        expect([earnings.lastClaimAt, earnings.nextClaimAt]).to.deep.equal([last, last + 61n]);
      });
    });

    it("credits preaching gold of 10%, 5% and 3% to the first three generations", async () => {
      const f = await loadMembers();
      const [dave] = await referralChain(f, f.carol.address, 1, "dave");
      await synthesize(f, dave, "USDT", 1_000n);
      await time.increase(DAY - 1n);
      const claim = await f.revenue.connect(dave).claim(0n);
      const machine = 10n * USD;
      await expect(claim).to.emit(f.revenue, "PreachingGoldCredited").withArgs(f.carol.address, dave.address, 1n, machine / 10n);
      await expect(claim).to.emit(f.revenue, "PreachingGoldCredited").withArgs(f.bob.address, dave.address, 2n, machine / 20n);
      await expect(claim).to.emit(f.revenue, "PreachingGoldCredited").withArgs(f.alice.address, dave.address, 3n, (machine * 3n) / 100n);
      expect((await f.revenue.earningsOf(f.carol.address)).preachingWaiting).to.deep.equal([machine / 10n, 0n, 0n]);
      expect((await f.revenue.earningsOf(f.bob.address)).preachingWaiting).to.deep.equal([0n, machine / 20n, 0n]);
      expect((await f.revenue.earningsOf(f.alice.address)).preachingWaiting).to.deep.equal([0n, 0n, (machine * 3n) / 100n]);
      // The fourth generation earns nothing.
      expect((await f.revenue.earningsOf(f.genesis)).totalWaiting).to.equal(0n);
    });

    it("pays preaching gold when its holder claims, and books it as received", async () => {
      const f = await loadMembers();
      await recordAndWait(f, 1_000n, DAY - 1n);
      await f.revenue.connect(f.carol).claim(0n);
      const gold = USD; // 10% of carol's 10 USD, waiting for bob
      await expect(f.revenue.connect(f.bob).claim(0n))
        .to.emit(f.revenue, "Claimed")
        .withArgs(f.bob.address, f.bob.address, gold, gold / 2n, 2n * USD);
      const bob = await f.revenue.earningsOf(f.bob.address);
      expect([bob.preachingWaiting[0], bob.preachingReceived[0], bob.totalWaiting]).to.deep.equal([0n, gold, 0n]);
    });

    it("never pays more ACB than the reserve holds: what it cannot pay stays waiting", async () => {
      const f = await loadMembers();
      await setPriceNow(f, "ACB", 10n ** 9n);
      // carol's record goes out: she is owed everything Revenue has promised (3,000 USD), so her share
      // of a short reserve is all of it, the one case where a claim's budget is the whole reserve.
      await recordAndWait(f, 1_000n, 301n * DAY);
      const waiting = (await f.revenue.earningsOf(f.carol.address)).machineWaiting;
      expect(waiting).to.equal(3_000n * USD);
      expect((await f.revenue.backing()).promisedUsd).to.equal(waiting);
      const reserve = await f.tokens.ACB.balanceOf(f.addresses.Revenue);
      // 3,000 USD waits; the whole reserve is worth 0.005 USD at a billionth of a USD an ACB.
      const claim = f.revenue.connect(f.carol).claim(0n);
      await expect(claim).to.emit(f.revenue, "ClaimedInPart");
      expect(await f.tokens.ACB.balanceOf(f.addresses.Revenue)).to.be.lessThan(reserve / 1000n);
      expect((await f.revenue.earningsOf(f.carol.address)).machineWaiting).to.be.greaterThan(2_999n * USD);
    });
  });

  describe("dynamic revenue", () => {
    /** Brings `member`'s settled team performance to `usd` through a synthesis by a new direct member. */
    async function teamWorth(f: Fixture, member: string, usd: bigint, label: string) {
      const [direct] = await referralChain(f, member, 1, label);
      await synthesize(f, direct, "USDT", usd);
    }

    it("pays each inviter the part of its VIP rate not yet paid below it", async () => {
      const f = await loadMembers();
      // bob reaches V1 (2%), alice above him V2 (4%): both count from the next 00:00 UTC.
      await teamWorth(f, f.bob.address, 10_000n, "bob-team");
      await teamWorth(f, f.alice.address, 40_000n, "alice-team");
      await time.increaseTo(nextUtcMidnight(await time.latest()));
      expect(await f.community.vipLevelOf(f.bob.address)).to.equal(1n);
      expect(await f.community.vipLevelOf(f.alice.address)).to.equal(2n);

      const synthesis = synthesize(f, f.carol, "USDT", 1_000n);
      await expect(synthesis).to.emit(f.revenue, "DynamicRevenueCredited").withArgs(f.bob.address, f.carol.address, 20n * USD);
      await expect(synthesis).to.emit(f.revenue, "DynamicRevenueCredited").withArgs(f.alice.address, f.carol.address, 20n * USD);
      expect((await f.revenue.earningsOf(f.bob.address)).dynamicWaiting).to.equal(20n * USD);
      expect((await f.revenue.earningsOf(f.alice.address)).dynamicWaiting).to.equal(20n * USD);
      expect((await f.revenue.earningsOf(f.genesis)).dynamicWaiting).to.equal(0n);
    });

    it("pays nothing to inviters whose level is not above what was paid below them", async () => {
      const f = await loadMembers();
      await teamWorth(f, f.bob.address, 50_000n, "bob-team");
      await time.increase(DAY);
      // bob is V2 and alice (same team performance) V2 too: alice earns no difference.
      const receipt = await (await synthesize(f, f.carol, "USDT", 1_000n)).wait();
      const credited = receipt!.logs
        .map((log) => f.revenue.interface.parseLog(log))
        .filter((event) => event?.name === "DynamicRevenueCredited")
        .map((event) => event!.args.inviter);
      expect(credited).to.deep.equal([f.bob.address]);
    });

    it("is paid out by claim", async () => {
      const f = await loadMembers();
      await teamWorth(f, f.bob.address, 10_000n, "bob-team");
      await time.increase(DAY);
      await synthesize(f, f.carol, "USDT", 1_000n);
      await expect(f.revenue.connect(f.bob).claim(0n)).to.changeTokenBalance(f.tokens.ACB, f.bob.address, 10n * USD);
      const bob = await f.revenue.earningsOf(f.bob.address);
      expect([bob.dynamicWaiting, bob.dynamicReceived]).to.deep.equal([0n, 20n * USD]);
    });
  });
});

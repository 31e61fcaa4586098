import { time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { ZeroAddress } from "ethers";
import type { Wallet } from "ethers";

import { loadDeployment, loadMembers, nextUtcMidnight, referralChain, synthesize } from "./shared/fixtures";
import type { Fixture } from "./shared/fixtures";

describe("Community", () => {
  describe("register", () => {
    it("joins the tree under a registered referrer", async () => {
      const f = await loadDeployment();
      await expect(f.community.connect(f.alice).register(f.genesis))
        .to.emit(f.community, "Registered")
        .withArgs(f.alice.address, f.genesis);
      const info = await f.community.memberInfo(f.alice.address);
      expect([info.registered, info.inviter, info.settler, info.isGenesis]).to.deep.equal([true, f.genesis, f.alice.address, false]);
      expect(info.registeredAt).to.equal(BigInt(await time.latest()));
    });

    it("registers the genesis member at deployment, with no superior", async () => {
      const f = await loadDeployment();
      const info = await f.community.memberInfo(f.genesis);
      expect([info.registered, info.isGenesis, info.inviter]).to.deep.equal([true, true, ZeroAddress]);
      expect(await f.community.inviterOf(f.genesis)).to.equal(ZeroAddress);
    });

    it("refuses a second registration", async () => {
      const f = await loadMembers();
      await expect(f.community.connect(f.alice).register(f.genesis))
        .to.be.revertedWithCustomError(f.community, "CommunityAlreadyRegistered")
        .withArgs(f.alice.address);
      await expect(f.community.register(f.alice.address))
        .to.be.revertedWithCustomError(f.community, "CommunityAlreadyRegistered")
        .withArgs(f.genesis);
    });

    it("refuses oneself as referrer", async () => {
      const f = await loadDeployment();
      await expect(f.community.connect(f.alice).register(f.alice.address))
        .to.be.revertedWithCustomError(f.community, "CommunitySelfReferral")
        .withArgs(f.alice.address);
    });

    it("refuses a referrer who is not registered", async () => {
      const f = await loadDeployment();
      for (const referrer of [f.bob.address, ZeroAddress]) {
        await expect(f.community.connect(f.alice).register(referrer))
          .to.be.revertedWithCustomError(f.community, "CommunityUnknownReferrer")
          .withArgs(referrer);
      }
    });

    it("counts direct members and the team up to 20 generations", async () => {
      const f = await loadMembers();
      const chain = await referralChain(f, f.carol.address, 20);
      const carol = await f.community.memberInfo(f.carol.address);
      expect([carol.directCount, carol.teamSize]).to.deep.equal([1n, 20n]);
      // genesis is 23 generations above the deepest member: only 20 generations count.
      expect((await f.community.memberInfo(f.genesis)).teamSize).to.equal(20n);
      expect((await f.community.memberInfo(chain[18].address)).teamSize).to.equal(1n);
    });

    it("walks up the tree nearest first", async () => {
      const f = await loadMembers();
      expect(await f.community.uplineOf(f.carol.address, 3n)).to.deep.equal([f.bob.address, f.alice.address, f.genesis]);
      expect(await f.community.uplineOf(f.carol.address, 10n)).to.deep.equal([f.bob.address, f.alice.address, f.genesis]);
      expect(await f.community.uplineOf(f.carol.address, 1n)).to.deep.equal([f.bob.address]);
      expect(await f.community.uplineOf(f.dave.address, 3n)).to.deep.equal([]);
    });
  });

  describe("settler", () => {
    it("defaults to the member's own address", async () => {
      const f = await loadMembers();
      expect(await f.community.settlerOf(f.alice.address)).to.equal(f.alice.address);
    });

    it("can be changed by the member", async () => {
      const f = await loadMembers();
      await expect(f.community.connect(f.alice).changeSettler(f.eve.address))
        .to.emit(f.community, "SettlerChanged")
        .withArgs(f.alice.address, f.eve.address);
      expect(await f.community.settlerOf(f.alice.address)).to.equal(f.eve.address);
    });

    it("refuses the zero address", async () => {
      const f = await loadMembers();
      await expect(f.community.connect(f.alice).changeSettler(ZeroAddress)).to.be.revertedWithCustomError(
        f.community,
        "CommunityZeroSettler",
      );
    });

    it("refuses an address that is not registered", async () => {
      const f = await loadMembers();
      await expect(f.community.connect(f.dave).changeSettler(f.eve.address))
        .to.be.revertedWithCustomError(f.community, "CommunityNotRegistered")
        .withArgs(f.dave.address);
    });
  });

  describe("levels", () => {
    /** A synthesis worth `usd` by a new direct member of `member`. */
    async function directSynthesis(f: Fixture, member: string, usd: bigint, label: string) {
      const [direct] = await referralChain(f, member, 1, label);
      await synthesize(f, direct, "USDT", usd);
      return direct;
    }

    it("moves the VIP level only after 00:00 UTC", async () => {
      const f = await loadMembers();
      const midnight = nextUtcMidnight(await time.latest());
      await time.increaseTo(midnight + 3_600);
      await directSynthesis(f, f.carol.address, 10_000n, "carol-team");
      const today = await f.community.memberInfo(f.carol.address);
      expect([today.teamPerformance, today.teamPerformanceToday, today.vipLevel]).to.deep.equal([10_000n, 10_000n, 0n]);

      await time.increaseTo(midnight + 86_399);
      expect(await f.community.vipLevelOf(f.carol.address)).to.equal(0n);
      await time.increaseTo(midnight + 86_400);
      expect(await f.community.vipLevelOf(f.carol.address)).to.equal(1n);
      expect((await f.community.memberInfo(f.carol.address)).teamPerformanceToday).to.equal(0n);
    });

    it("keeps yesterday's performance apart from today's gain", async () => {
      const f = await loadMembers();
      await directSynthesis(f, f.carol.address, 10_000n, "first");
      await time.increase(86_400);
      await directSynthesis(f, f.carol.address, 40_000n, "second");
      expect(await f.community.vipLevelOf(f.carol.address)).to.equal(1n);
      await time.increase(86_400);
      expect(await f.community.vipLevelOf(f.carol.address)).to.equal(2n);
    });

    it("reaches every VIP level at its threshold", async () => {
      const f = await loadMembers();
      const thresholds = await f.community.vipThresholds();
      expect(thresholds).to.deep.equal([10_000n, 50_000n, 200_000n, 1_000_000n, 5_000_000n]);
      let reached = 0n;
      for (const [level, threshold] of thresholds.entries()) {
        await directSynthesis(f, f.carol.address, threshold - reached - 100n, `below-${level}`);
        await time.increase(86_400);
        expect(await f.community.vipLevelOf(f.carol.address)).to.equal(BigInt(level));
        await directSynthesis(f, f.carol.address, 100n, `at-${level}`);
        await time.increase(86_400);
        expect(await f.community.vipLevelOf(f.carol.address)).to.equal(BigInt(level + 1));
        reached = threshold;
      }
    });

    it("sets the S level from the number of direct members at V1 or above", async () => {
      const f = await loadMembers();
      const expected = [0n, 1n, 1n, 2n, 2n, 3n];
      const directs: Wallet[] = [];
      for (let i = 0; i < 5; i++) {
        const [direct] = await referralChain(f, f.carol.address, 1, `direct-${i}`);
        directs.push(direct);
      }
      expect(await f.community.sLevelOf(f.carol.address)).to.equal(0n);
      for (let i = 0; i < 5; i++) {
        await directSynthesis(f, directs[i].address, 10_000n, `team-${i}`);
        await time.increase(86_400);
        expect(await f.community.sLevelOf(f.carol.address)).to.equal(expected[i + 1], `with ${i + 1} V1 members`);
      }
    });

    it("counts a direct member at V1 only from the next 00:00 UTC", async () => {
      const f = await loadMembers();
      const midnight = nextUtcMidnight((await time.latest()) + 3_600);
      await time.increaseTo(midnight + 60);
      const [direct] = await referralChain(f, f.carol.address, 1, "direct");
      await directSynthesis(f, direct.address, 10_000n, "below-direct");
      expect([await f.community.v1DirectsOf(f.carol.address), await f.community.sLevelOf(f.carol.address)]).to.deep.equal([0n, 0n]);
      await time.increaseTo(midnight + 86_399);
      expect(await f.community.v1DirectsOf(f.carol.address)).to.equal(0n);
      await time.increaseTo(midnight + 86_400);
      expect([await f.community.v1DirectsOf(f.carol.address), await f.community.sLevelOf(f.carol.address)]).to.deep.equal([1n, 1n]);
      // More performance for the same direct member does not count it twice.
      await directSynthesis(f, direct.address, 50_000n, "more-below-direct");
      await time.increase(86_400);
      expect(await f.community.v1DirectsOf(f.carol.address)).to.equal(1n);
    });

    it("reads a member's levels at the same cost however many direct members they have", async () => {
      const f = await loadMembers();
      const before = await f.community.memberInfo.estimateGas(f.carol.address);
      for (let i = 0; i < 30; i++) await referralChain(f, f.carol.address, 1, `crowd-${i}`);
      const after = await f.community.memberInfo.estimateGas(f.carol.address);
      expect(after - before).to.be.lessThan(1_000n);
    });

    it("lists direct members with their performance, paged", async () => {
      const f = await loadMembers();
      const [first] = await referralChain(f, f.carol.address, 1, "first");
      const [second] = await referralChain(f, f.carol.address, 1, "second");
      await synthesize(f, second, "USDT", 300n);
      await directSynthesis(f, first.address, 200n, "below-first");
      const page = await f.community.directMembers(f.carol.address, 0n, 10n);
      expect(page.map((row) => [row.account, row.performance, row.teamPerformance, row.vipLevel])).to.deep.equal([
        [first.address, 0n, 200n, 0n],
        [second.address, 300n, 0n, 0n],
      ]);
      expect((await f.community.directMembers(f.carol.address, 1n, 1n)).map((row) => row.account)).to.deep.equal([second.address]);
      expect(await f.community.directMembers(f.carol.address, 5n, 1n)).to.deep.equal([]);
    });
  });

  describe("team performance walk", () => {
    it("stops after maxGenerations inviters", async () => {
      const f = await loadMembers();
      const chain = await referralChain(f, f.carol.address, 22);
      const deepest = chain[21];
      await synthesize(f, deepest, "USDT", 100n);
      // 20 generations above the deepest member: chain[1] is the 20th, chain[0] the 21st.
      expect((await f.community.memberInfo(chain[1].address)).teamPerformance).to.equal(100n);
      expect((await f.community.memberInfo(chain[0].address)).teamPerformance).to.equal(0n);
    });

    it("follows a configured depth of up to 30 generations", async () => {
      const f = await loadMembers();
      await f.governed.community.setMaxGenerations(30n);
      const chain = await referralChain(f, f.carol.address, 31);
      await synthesize(f, chain[30], "USDT", 100n);
      expect((await f.community.memberInfo(chain[0].address)).teamPerformance).to.equal(100n);
      expect((await f.community.memberInfo(f.carol.address)).teamPerformance).to.equal(0n);
      await expect(f.governed.community.setMaxGenerations(31n)).to.be.revertedWithCustomError(f.community, "CommunityInvalidConfig");
    });

    it("accepts performance only from Main", async () => {
      const f = await loadMembers();
      await expect(f.community.connect(f.alice).recordPerformance(f.alice.address, 100n))
        .to.be.revertedWithCustomError(f.community, "CommunityNotMain")
        .withArgs(f.alice.address);
    });

  });
});

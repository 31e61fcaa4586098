/**
 * The guards a normal run never trips: constructor arguments, every limit of every owner setter,
 * views asked about what does not exist, tokens without a price, and the revenue index of a record
 * made before later rate changes.
 */
import { time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { Wallet, ZeroAddress, parseEther } from "ethers";

import { Community__factory, Main__factory, MockToken__factory, MvMarket__factory, Revenue__factory, Swap__factory } from "../../mocks/types";
import { loadDeployment, loadMembers, mint, referralChain, synthesize } from "./shared/fixtures";
import type { Fixture } from "./shared/fixtures";

const DAY = 86_400n;
const somewhere = () => Wallet.createRandom().address;

async function unpricedToken(f: Fixture): Promise<string> {
  const token = await new MockToken__factory(f.owner).deploy("Unpriced", "UNP", f.owner.address);
  return token.getAddress();
}

describe("Guards", () => {
  describe("constructors refuse a zero address or an impossible figure", () => {
    it("Community", async () => {
      const f = await loadDeployment();
      const deployer = new Community__factory(f.owner);
      for (const [genesis, main] of [
        [ZeroAddress, somewhere()],
        [somewhere(), ZeroAddress],
      ]) {
        await expect(deployer.deploy(genesis, main, f.owner.address)).to.be.revertedWithCustomError(deployer, "CommunityInvalidConfig");
      }
    });

    it("Revenue", async () => {
      const f = await loadDeployment();
      const deployer = new Revenue__factory(f.owner);
      const [main, community, acb] = [somewhere(), somewhere(), somewhere()];
      const refused: [string, string, string, bigint][] = [
        [ZeroAddress, community, acb, 3n],
        [main, ZeroAddress, acb, 3n],
        [main, community, ZeroAddress, 3n],
        [main, community, acb, 0n],
        [main, community, acb, 101n],
      ];
      for (const [m, c, a, outMultiple] of refused) {
        await expect(deployer.deploy(m, c, a, 100n, outMultiple, f.owner.address)).to.be.revertedWithCustomError(deployer, "RevenueInvalidConfig");
      }
    });

    it("Main", async () => {
      const f = await loadDeployment();
      const deployer = new Main__factory(f.owner);
      const a = [somewhere(), somewhere(), somewhere(), somewhere()];
      for (let zero = 0; zero < 5; zero++) {
        const args = [...a, somewhere()].map((address, i) => (i === zero ? ZeroAddress : address));
        await expect(deployer.deploy(args[0], args[1], args[2], args[3], args[4], f.owner.address)).to.be.revertedWithCustomError(
          deployer,
          "MainInvalidConfig",
        );
      }
    });

    it("Swap", async () => {
      const f = await loadDeployment();
      const deployer = new Swap__factory(f.owner);
      const tokens = [0, 1, 2, 3, 4, 5].map(somewhere) as [string, string, string, string, string, string];
      const limits = [0n, 0n, 0n, 0n, 0n] as [bigint, bigint, bigint, bigint, bigint];
      await expect(deployer.deploy(ZeroAddress, tokens, limits, f.owner.address)).to.be.revertedWithCustomError(deployer, "SwapInvalidConfig");
      const withZero = [...tokens] as typeof tokens;
      withZero[4] = ZeroAddress;
      await expect(deployer.deploy(f.addresses.Main, withZero, limits, f.owner.address)).to.be.revertedWithCustomError(deployer, "SwapInvalidConfig");
    });

    it("MvMarket", async () => {
      const f = await loadDeployment();
      const deployer = new MvMarket__factory(f.owner);
      for (const [main, mv, usdt] of [
        [ZeroAddress, f.addresses.MV, f.addresses.USDT],
        [f.addresses.Main, ZeroAddress, f.addresses.USDT],
        [f.addresses.Main, f.addresses.MV, ZeroAddress],
      ]) {
        await expect(deployer.deploy(main, mv, usdt, f.owner.address)).to.be.revertedWithCustomError(deployer, "MarketInvalidConfig");
      }
    });
  });

  describe("owner setters refuse every figure outside their limits", () => {
    it("Community levels and generations", async () => {
      const f = await loadDeployment();
      const thresholds = [1n, 2n, 3n, 4n, 5n];
      const rates = [10n, 20n, 30n, 40n, 50n];
      const directs = [1n, 2n, 3n];
      const refused = (t: bigint[], r: bigint[], d: bigint[]) =>
        expect(f.governed.community.configureLevels(t as never, r as never, d as never)).to.be.revertedWithCustomError(f.community, "CommunityInvalidConfig");
      await refused([1n, 2n, 3n, 4n, 2n ** 40n], rates, directs);
      await refused(thresholds, [10n, 10n, 30n, 40n, 50n], directs);
      await refused(thresholds, [10n, 20n, 30n, 40n, 10_001n], directs);
      await refused(thresholds, rates, [0n, 2n, 3n]);
      await refused(thresholds, rates, [2n, 2n, 3n]);
      await refused(thresholds, rates, [1n, 3n, 3n]);
      await refused(thresholds, rates, [1n, 2n, 2n ** 16n]);
      await expect(f.governed.community.configureLevels(thresholds as never, rates as never, directs as never)).to.emit(f.community, "LevelsConfigured");
      for (const generations of [0n, 31n]) {
        await expect(f.governed.community.setMaxGenerations(generations)).to.be.revertedWithCustomError(f.community, "CommunityInvalidConfig");
      }
    });

    it("Main prices, rules and pools", async () => {
      const f = await loadDeployment();
      await expect(f.governed.main.setPrice(ZeroAddress, parseEther("1"))).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
      await expect(f.governed.main.setPrice(f.addresses.X, 10n ** 9n - 1n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
      // Prices are stored in 96 bits: one more is refused, not cut.
      await expect(f.governed.main.setPrice(f.addresses.X, 2n ** 96n)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
      for (const [multiple, minimum] of [
        [0n, 20n],
        [20n, 10n],
        [20n, 30n],
        [20n, 1_000_000_020n],
      ]) {
        await expect(f.governed.main.setSynthesisRule(f.addresses.X, multiple, minimum, true)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
      }
      for (const config of [
        [5_001n, 5_000n, 600n, DAY],
        [500n, 500n, 0n, DAY],
        [500n, 500n, 2n ** 32n, DAY],
        [500n, 500n, 600n, 0n],
        [500n, 500n, 600n, 2n ** 32n],
        // A countdown longer than a day, a round longer than 30 days: prizes held for years.
        [500n, 500n, DAY + 1n, DAY],
        [500n, 500n, 600n, 30n * DAY + 1n],
      ] as const) {
        await expect(f.governed.main.setPoolConfig(...config)).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
      }
      // The longest allowed countdowns are accepted.
      await expect(f.governed.main.setPoolConfig(500n, 500n, DAY, 30n * DAY)).to.emit(f.main, "PoolConfigSet");
    });

    it("Main prices at most 255 tokens", async () => {
      const f = await loadDeployment();
      const priced = (await f.main.tokenRules()).length;
      for (let i = priced; i < 255; i++) await f.governed.main.setPrice(somewhere(), parseEther("1"));
      await expect(f.governed.main.setPrice(somewhere(), parseEther("1"))).to.be.revertedWithCustomError(f.main, "MainInvalidConfig");
      expect(await f.main.tokenRules()).to.have.length(255);
    });

    it("Revenue, Swap and MvMarket settings", async () => {
      const f = await loadDeployment();
      await expect(f.governed.revenue.setClaimInterval(DAY + 1n)).to.be.revertedWithCustomError(f.revenue, "RevenueInvalidConfig");
      await expect(f.governed.swap.setDailyLimit(0, 2n ** 96n)).to.be.revertedWithCustomError(f.swap, "SwapInvalidConfig");
      for (const [minOrder, fills] of [
        [2n ** 128n, 10n],
        [parseEther("1"), 0n],
        [parseEther("1"), 501n],
      ]) {
        await expect(f.governed.market.setMarketConfig(minOrder, fills)).to.be.revertedWithCustomError(f.market, "MarketInvalidConfig");
      }
    });

    it("MockToken mints only for its owner", async () => {
      const f = await loadDeployment();
      const token = MockToken__factory.connect(f.addresses.MV, f.alice);
      await expect(token.mint(f.alice.address, 1n)).to.be.revertedWithCustomError(token, "OwnableUnauthorizedAccount").withArgs(f.alice.address);
    });
  });

  describe("views asked about what does not exist", () => {
    it("refuse an unknown record, order or token, and cap an upline at 30 generations", async () => {
      const f = await loadMembers();
      await expect(f.main.recordOf(f.alice.address, 0n))
        .to.be.revertedWithCustomError(f.main, "MainUnknownRecord")
        .withArgs(f.alice.address, 0n);
      await expect(f.market.orderOf(0n)).to.be.revertedWithCustomError(f.market, "MarketUnknownOrder").withArgs(0n);
      const unpriced = await unpricedToken(f);
      await expect(f.main.costOf(unpriced, 20n)).to.be.revertedWithCustomError(f.main, "MainUnsupportedToken").withArgs(unpriced);
      const line = await referralChain(f, f.carol.address, 31, "guards-line");
      const upline = await f.community.uplineOf(line[30].address, 40n);
      expect(upline).to.have.length(30);
      expect(upline[0]).to.equal(line[29].address);
    });

    it("describe an unregistered wallet without a settler", async () => {
      const f = await loadMembers();
      const info = await f.community.memberInfo(f.dave.address);
      expect([info.registered, info.settler, info.inviter]).to.deep.equal([false, ZeroAddress, ZeroAddress]);
    });
  });

  describe("contracts wired to a token without a price", () => {
    it("MvMarket refuses to quote when MV or USDT has no price", async () => {
      const f = await loadDeployment();
      const unpriced = await unpricedToken(f);
      for (const [mv, usdt] of [
        [unpriced, f.addresses.USDT],
        [f.addresses.MV, unpriced],
      ]) {
        const market = await new MvMarket__factory(f.owner).deploy(f.addresses.Main, mv, usdt, f.owner.address);
        await expect(market.quoteBuy(parseEther("1"))).to.be.revertedWithCustomError(market, "MarketInvalidConfig");
      }
    });

    it("Swap refuses a route whose token has no price", async () => {
      const f = await loadDeployment();
      const unpriced = await unpricedToken(f);
      const t = f.addresses;
      const limits = [0n, 0n, 0n, 0n, 0n] as [bigint, bigint, bigint, bigint, bigint];
      for (const tokens of [
        [unpriced, t.WXB, t.USDX, t.X, t.ACB, t.USDT],
        [t.MV, t.WXB, t.USDX, unpriced, t.ACB, t.USDT],
      ] as [string, string, string, string, string, string][]) {
        const swap = await new Swap__factory(f.owner).deploy(t.Main, tokens, limits, f.owner.address);
        await expect(swap.routeInfo(0)).to.be.revertedWithCustomError(swap, "SwapInvalidConfig");
      }
    });
  });

  describe("edges of the running rules", () => {
    it("MvMarket stops filling when the budget buys less than one wei of MV", async () => {
      const f = await loadDeployment();
      await mint(f, "MV", f.bob.address, parseEther("100"));
      await f.tokens.MV.connect(f.bob).approve(f.addresses.MvMarket, parseEther("100"));
      await f.market.connect(f.bob).list(parseEther("100"));
      // MV at 1 USD and USDT at 1 USD: one wei of USDT buys one wei of MV. At 2 USD a MV, it buys none.
      await f.governed.main.setPrice(f.addresses.MV, parseEther("2"));
      await time.increase(DAY);
      expect(await f.market.quoteBuy(1n)).to.deep.equal([0n, 0n]);
      await mint(f, "USDT", f.alice.address, 1n);
      await f.tokens.USDT.connect(f.alice).approve(f.addresses.MvMarket, 1n);
      await expect(f.market.connect(f.alice).buy(1n, 0n)).to.be.revertedWithCustomError(f.market, "MarketNothingForSale");
    });

    it("MvMarket rescues any token but MV whole", async () => {
      const f = await loadDeployment();
      await mint(f, "X", f.addresses.MvMarket, parseEther("4"));
      await expect(f.governed.market.rescue(f.addresses.X, f.owner.address, parseEther("4"))).to.changeTokenBalance(f.tokens.X, f.owner.address, parseEther("4"));
    });

    it("Swap bounds an exchange by the liquidity when it is below the daily limit", async () => {
      const f = await loadDeployment();
      const liquidity = await f.tokens.X.balanceOf(f.addresses.Swap);
      await f.governed.swap.rescue(f.addresses.X, f.owner.address, liquidity - parseEther("10"));
      // 10 X at 0.5 USD is worth 5 MV at 1 USD: below the 1,000 USD left of the daily limit.
      expect(await f.swap.maxExchangeable(0, f.alice.address)).to.equal(parseEther("5"));
    });

    it("Community counts two members reaching V1 on the same day for their inviter", async () => {
      const f = await loadMembers();
      // Two direct members of alice reach V1 (10,000 USD of team performance) through their own
      // direct members' syntheses, on the same day.
      const [, belowFirst] = await referralChain(f, f.alice.address, 2, "v1-a");
      const [, belowSecond] = await referralChain(f, f.alice.address, 2, "v1-b");
      await synthesize(f, belowFirst, "USDT", 10_000n);
      await synthesize(f, belowSecond, "USDT", 10_000n);
      expect(await f.community.v1DirectsOf(f.alice.address)).to.equal(0n);
      await time.increase(DAY);
      expect(await f.community.v1DirectsOf(f.alice.address)).to.equal(2n);
    });

    it("Revenue finds when a record made before later rate changes goes out", async () => {
      const f = await loadMembers();
      await synthesize(f, f.carol, "USDT", 100n);
      await f.governed.revenue.setDailyRate(100n);
      await synthesize(f, f.carol, "USDT", 100n);
      const madeAt = (await f.main.recordOf(f.carol.address, 1n)).time;
      await f.governed.revenue.setDailyRate(100n);
      await f.governed.revenue.setDailyRate(100n);
      // The same rate throughout: the second record goes out exactly 300 days after it was made.
      await time.increaseTo(madeAt + 300n * DAY - 1n);
      expect(await f.revenue.outCount(f.carol.address)).to.equal(1n);
      await time.increaseTo(madeAt + 300n * DAY);
      expect(await f.revenue.outCount(f.carol.address)).to.equal(2n);
    });
  });
});

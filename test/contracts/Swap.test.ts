import { time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { parseEther } from "ethers";

import { SWAP_ROUTES, type SwapRoute } from "../../contracts-abi/product";
import { DAILY_LIMITS_USD, PRICES } from "../../scripts/lib/deploy-defaults";
import { loadDeployment, mint, nextUtcMidnight } from "./shared/fixtures";
import type { Fixture } from "./shared/fixtures";

async function approveAndMint(f: Fixture, route: SwapRoute, amount: bigint) {
  await mint(f, route.tokenIn, f.alice.address, amount);
  await f.tokens[route.tokenIn].connect(f.alice).approve(f.addresses.Swap, amount);
}

function shouldBehaveLikeRoute(route: SwapRoute) {
  const priceIn = PRICES[route.tokenIn];
  const priceOut = PRICES[route.tokenOut];
  const dailyLimit = DAILY_LIMITS_USD[route.name];

  describe(`${route.name} (${route.tokenIn} to ${route.tokenOut})`, () => {
    it("exchanges value for value at the price table", async () => {
      const f = await loadDeployment();
      const amountIn = parseEther("40");
      const amountOut = (amountIn * priceIn) / priceOut;
      expect(await f.swap.quote(route.id, amountIn)).to.equal(amountOut);
      await approveAndMint(f, route, amountIn);
      const exchange = f.swap.connect(f.alice).exchange(route.id, amountIn, 0n);
      await expect(exchange).to.changeTokenBalances(f.tokens[route.tokenIn], [f.alice.address, f.addresses.Swap], [-amountIn, amountIn]);
      await expect(exchange).to.changeTokenBalances(f.tokens[route.tokenOut], [f.alice.address, f.addresses.Swap], [amountOut, -amountOut]);
    });

    it("describes the route", async () => {
      const f = await loadDeployment();
      const info = await f.swap.routeInfo(route.id);
      expect([info.tokenIn, info.tokenOut, info.priceIn, info.priceOut, info.dailyLimitUsd]).to.deep.equal([
        f.addresses[route.tokenIn],
        f.addresses[route.tokenOut],
        priceIn,
        priceOut,
        dailyLimit,
      ]);
      expect(info.liquidity).to.equal(await f.tokens[route.tokenOut].balanceOf(f.addresses.Swap));
    });

    it("accepts exactly the maximum exchangeable and refuses 1 wei more", async () => {
      const f = await loadDeployment();
      const max = await f.swap.maxExchangeable(route.id, f.alice.address);
      await approveAndMint(f, route, max + 1n);
      await expect(f.swap.connect(f.alice).exchange(route.id, max + 1n, 0n))
        .to.be.revertedWithCustomError(f.swap, "SwapExceedsMaxExchangeable")
        .withArgs(max + 1n, max);
      await expect(f.swap.connect(f.alice).exchange(route.id, max, 0n)).to.emit(f.swap, "Exchanged");
    });

    it("is bounded by the liquidity of the token out", async () => {
      const f = await loadDeployment();
      await f.governed.swap.setDailyLimit(route.id, 0n);
      const liquidity = await f.tokens[route.tokenOut].balanceOf(f.addresses.Swap);
      const max = await f.swap.maxExchangeable(route.id, f.alice.address);
      expect(max).to.equal((liquidity * priceOut) / priceIn);
      await approveAndMint(f, route, max + 1n);
      await expect(f.swap.connect(f.alice).exchange(route.id, max + 1n, 0n)).to.be.revertedWithCustomError(f.swap, "SwapExceedsMaxExchangeable");
      await f.swap.connect(f.alice).exchange(route.id, max, 0n);
      expect(await f.swap.maxExchangeable(route.id, f.alice.address)).to.be.lessThan(parseEther("0.000001"));
    });

    it("refuses a balance that is too low, naming the token", async () => {
      const f = await loadDeployment();
      const amount = parseEther("10");
      await approveAndMint(f, route, amount - 1n);
      await f.tokens[route.tokenIn].connect(f.alice).approve(f.addresses.Swap, amount);
      await expect(f.swap.connect(f.alice).exchange(route.id, amount, 0n))
        .to.be.revertedWithCustomError(f.swap, "SwapBalanceTooLow")
        .withArgs(f.addresses[route.tokenIn], amount - 1n, amount);
    });

    it("refuses a missing allowance", async () => {
      const f = await loadDeployment();
      const amount = parseEther("10");
      await mint(f, route.tokenIn, f.alice.address, amount);
      await expect(f.swap.connect(f.alice).exchange(route.id, amount, 0n))
        .to.be.revertedWithCustomError(f.swap, "SwapAllowanceTooLow")
        .withArgs(f.addresses[route.tokenIn], 0n, amount);
    });

    it("refuses zero", async () => {
      const f = await loadDeployment();
      await expect(f.swap.connect(f.alice).exchange(route.id, 0n, 0n)).to.be.revertedWithCustomError(f.swap, "SwapInvalidAmount");
    });

    if (dailyLimit === 0n) {
      it("has no daily limit", async () => {
        const f = await loadDeployment();
        expect((await f.swap.routeInfo(route.id)).dailyLimitUsd).to.equal(0n);
        const liquidity = await f.tokens[route.tokenOut].balanceOf(f.addresses.Swap);
        expect(await f.swap.maxExchangeable(route.id, f.alice.address)).to.equal((liquidity * priceOut) / priceIn);
      });
      return;
    }

    it(`limits each address to ${dailyLimit / parseEther("1")} USD a day`, async () => {
      const f = await loadDeployment();
      const limitInTokens = (dailyLimit * parseEther("1")) / priceIn;
      expect(await f.swap.maxExchangeable(route.id, f.alice.address)).to.equal(limitInTokens);
      await approveAndMint(f, route, limitInTokens);
      await f.swap.connect(f.alice).exchange(route.id, limitInTokens / 4n, 0n);
      expect(await f.swap.usedToday(route.id, f.alice.address)).to.equal(dailyLimit / 4n);
      expect(await f.swap.maxExchangeable(route.id, f.alice.address)).to.equal(limitInTokens - limitInTokens / 4n);
      // Another address has its own limit.
      expect(await f.swap.maxExchangeable(route.id, f.bob.address)).to.equal(limitInTokens);
    });

    it("resets the daily limit at the UTC day boundary", async () => {
      const f = await loadDeployment();
      // A midnight at least an hour away, so the setup below always fits before it.
      const midnight = nextUtcMidnight((await time.latest()) + 3_600);
      const limitInTokens = (dailyLimit * parseEther("1")) / priceIn;
      const step = parseEther("1");
      await approveAndMint(f, route, limitInTokens + step);
      await time.setNextBlockTimestamp(midnight - 60);
      await f.swap.connect(f.alice).exchange(route.id, limitInTokens, 0n);
      await time.increaseTo(midnight - 2);
      expect(await f.swap.maxExchangeable(route.id, f.alice.address)).to.equal(0n);
      await time.setNextBlockTimestamp(midnight - 1);
      await expect(f.swap.connect(f.alice).exchange(route.id, step, 0n)).to.be.revertedWithCustomError(f.swap, "SwapExceedsMaxExchangeable");
      await time.setNextBlockTimestamp(midnight);
      await expect(f.swap.connect(f.alice).exchange(route.id, step, 0n)).to.emit(f.swap, "Exchanged");
      expect(await f.swap.usedToday(route.id, f.alice.address)).to.equal((step * priceIn) / parseEther("1"));
      expect(await f.swap.maxExchangeable(route.id, f.alice.address)).to.equal(limitInTokens - step);
    });
  });
}

describe("Swap", () => {
  for (const route of SWAP_ROUTES) shouldBehaveLikeRoute(route);

  it("counts many small exchanges against the limit, rounding each up", async () => {
    const f = await loadDeployment();
    const wxb = SWAP_ROUTES[1];
    await approveAndMint(f, wxb, 15n);
    // 5 wei of WXB is worth 1.25 wei of USD and buys 2 wei of X: each exchange counts as 2 wei.
    for (let i = 0; i < 3; i++) await f.swap.connect(f.alice).exchange(wxb.id, 5n, 0n);
    expect(await f.swap.usedToday(wxb.id, f.alice.address)).to.equal(6n);
  });

  it("refuses an exchange too small to pay out anything", async () => {
    const f = await loadDeployment();
    const wxb = SWAP_ROUTES[1];
    await approveAndMint(f, wxb, 1n);
    // 1 wei of WXB is worth half a wei of X.
    await expect(f.swap.connect(f.alice).exchange(wxb.id, 1n, 0n)).to.be.revertedWithCustomError(f.swap, "SwapInvalidAmount");
  });
});

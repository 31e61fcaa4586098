/**
 * No product contract can be re-entered from inside a token transfer. The product's tokens have no
 * transfer hooks, but Main prices any token its owner adds, so each contract is shown here with a
 * token whose transfers call back (shared/HookToken.sol) in the place of the token it moves.
 */
import { time } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import { MaxUint256, ZeroAddress, getCreateAddress, parseEther } from "ethers";

import { Community__factory, Main__factory, MvMarket__factory, Revenue__factory, Swap__factory } from "../../mocks/types";
import { SWAP_ROUTES } from "../../contracts-abi/product";
import { loadDeployment, loadMembers, mint } from "./shared/fixtures";
import type { Account, Fixture } from "./shared/fixtures";
import { deployHookToken } from "./shared/hookToken";
import type { HookToken } from "./shared/hookToken";

const USD = parseEther("1");

/** A hook token priced at 1 USD in Main. */
async function pricedHookToken(f: Fixture): Promise<[HookToken, string]> {
  const token = await deployHookToken(f.owner);
  const address = await token.getAddress();
  await f.governed.main.setPrice(address, USD);
  return [token, address];
}

/** Mints `amount` of `token` for `holder`, who approves `spender` for all of it. */
async function fund(token: HookToken, holder: Account, spender: string, amount: bigint): Promise<void> {
  await token.mint(holder.address, amount);
  await (token.connect(holder) as HookToken).approve(spender, amount);
}

describe("Reentrancy", () => {
  it("Main refuses a synthesis or a settlement from inside the payment of a synthesis", async () => {
    const f = await loadMembers();
    const [token, address] = await pricedHookToken(f);
    await f.governed.main.setSynthesisRule(address, 100n, 100n, true);
    await fund(token, f.alice, f.addresses.Main, 100n * USD);
    const main = Main__factory.connect(f.addresses.Main, f.owner);
    for (const data of [
      main.interface.encodeFunctionData("synthesize", [address, 100n, MaxUint256]),
      main.interface.encodeFunctionData("settleLuckyPool"),
      main.interface.encodeFunctionData("settleMaxPool"),
    ]) {
      await token.setHook(f.addresses.Main, data);
      await expect(f.main.connect(f.alice).synthesize(address, 100n, MaxUint256)).to.be.revertedWithCustomError(
        main,
        "ReentrancyGuardReentrantCall",
      );
    }
    await token.setHook(ZeroAddress, "0x");
    await expect(f.main.connect(f.alice).synthesize(address, 100n, MaxUint256)).to.changeTokenBalance(token, f.alice.address, -100n * USD);
    expect(await f.main.recordCount(f.alice.address)).to.equal(1n);
  });

  it("MvMarket refuses a listing, a buy or a withdraw from inside the deposit of an order", async () => {
    const f = await loadDeployment();
    const [mv, mvAddress] = await pricedHookToken(f);
    const market = await new MvMarket__factory(f.owner).deploy(f.addresses.Main, mvAddress, f.addresses.USDT, f.owner.address);
    const marketAddress = await market.getAddress();
    await fund(mv, f.alice, marketAddress, 100n * USD);
    for (const data of [
      market.interface.encodeFunctionData("list", [100n * USD]),
      market.interface.encodeFunctionData("buy", [USD, 0n]),
      market.interface.encodeFunctionData("withdraw", [0n]),
    ]) {
      await mv.setHook(marketAddress, data);
      await expect(market.connect(f.alice).list(100n * USD)).to.be.revertedWithCustomError(market, "ReentrancyGuardReentrantCall");
    }
    await mv.setHook(ZeroAddress, "0x");
    await expect(market.connect(f.alice).list(100n * USD))
      .to.emit(market, "Listed")
      .withArgs(0n, f.alice.address, 100n * USD);
  });

  it("Swap refuses an exchange from inside the payment of an exchange", async () => {
    const f = await loadDeployment();
    const [mv, mvAddress] = await pricedHookToken(f);
    const { WXB, USDX, X, ACB, USDT } = f.addresses;
    const swap = await new Swap__factory(f.owner).deploy(
      f.addresses.Main,
      [mvAddress, WXB, USDX, X, ACB, USDT],
      [0n, 0n, 0n, 0n, 0n],
      f.owner.address,
    );
    const swapAddress = await swap.getAddress();
    await mint(f, "X", swapAddress, 100n * USD);
    await fund(mv, f.alice, swapAddress, 10n * USD);
    const mvToX = SWAP_ROUTES[0].id;
    await mv.setHook(swapAddress, swap.interface.encodeFunctionData("exchange", [mvToX, USD, 0n]));
    await expect(swap.connect(f.alice).exchange(mvToX, 10n * USD, 0n)).to.be.revertedWithCustomError(swap, "ReentrancyGuardReentrantCall");
    await mv.setHook(ZeroAddress, "0x");
    await expect(swap.connect(f.alice).exchange(mvToX, 10n * USD, 0n)).to.changeTokenBalance(f.tokens.X, f.alice.address, 20n * USD);
  });

  it("Revenue refuses a claim from inside the payment of a claim", async () => {
    const f = await loadDeployment();
    const acb = await deployHookToken(f.owner);
    const acbAddress = await acb.getAddress();
    // A product of its own, wired as deploy wires it, that pays claims in the hook token.
    const expectedMain = getCreateAddress({ from: f.owner.address, nonce: (await f.owner.getNonce()) + 2 });
    const community = await new Community__factory(f.owner).deploy(f.owner.address, expectedMain, f.owner.address);
    const revenue = await new Revenue__factory(f.owner).deploy(expectedMain, community, acbAddress, 100n, 3n, f.owner.address);
    const main = await new Main__factory(f.owner).deploy(
      community,
      revenue,
      acbAddress,
      f.addresses.USDT,
      f.owner.address,
      f.owner.address,
    );
    expect(await main.getAddress()).to.equal(expectedMain);
    await main.setPrice(acbAddress, 2n * USD);
    await main.setPrice(f.addresses.USDT, USD);
    await main.setSynthesisRule(f.addresses.USDT, 100n, 100n, true);
    await community.connect(f.alice).register(f.owner.address);
    await mint(f, "USDT", f.alice.address, 1_000n * USD);
    await f.tokens.USDT.connect(f.alice).approve(expectedMain, 1_000n * USD);
    await main.connect(f.alice).synthesize(f.addresses.USDT, 1_000n, MaxUint256);
    // A reserve worth more than everything promised (alice's cap, 3,000 USD; 2,000 ACB at 2 USD is
    // 4,000 USD): the claim is not shared, it pays all that waits.
    const reserve = 2_000n * USD;
    await acb.mint(await revenue.getAddress(), reserve);
    expect((await revenue.backing()).shortfallUsd).to.equal(0n);
    await time.increase(86_400);

    await acb.setHook(await revenue.getAddress(), revenue.interface.encodeFunctionData("claim", [0n]));
    await expect(revenue.connect(f.alice).claim(0n)).to.be.revertedWithCustomError(revenue, "ReentrancyGuardReentrantCall");
    expect((await revenue.earningsOf(f.alice.address)).machineReceived).to.equal(0n);
    await acb.setHook(ZeroAddress, "0x");
    await expect(revenue.connect(f.alice).claim(0n)).to.emit(revenue, "Claimed");
    // A day of 1,000 USD of hashrate at 1% is 10 USD, 5 ACB at 2 USD: a little more by now.
    const paid = await acb.balanceOf(f.alice.address);
    expect(paid).to.be.greaterThan(5n * USD);
    expect(await acb.balanceOf(await revenue.getAddress())).to.equal(reserve - paid);
  });
});

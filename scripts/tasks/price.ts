/**
 * `npx hardhat price --token X --usd 0.55`: sets a token's USD price on Main as the product sets
 * it, through the AccessManager's PRICE_SETTER role, which acts at once (docs/decisions/governance.md).
 * Main's own guard decides what happens: a step within it applies now; a larger move, or a second
 * step within its delay, Main announces for later (docs/decisions/price-guard.md). The task says
 * which, from Main's event. Without --usd it shows the price and any announced one.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import type { Deployment } from "../lib/deploy";
import { sendChecked } from "./abi";
import { productOn, tokenOf, type Token } from "./deployment";
import { amount, span, when } from "./format";
import { parseAmount } from "./inputs";
import { refuse } from "./local-chain";
import { chainNow } from "./owner-operations";

export interface PriceArgs {
  token: string;
  usd?: string;
}

/** "10% step, one a day": the guard in force, as a line says it. */
async function guardText(d: Deployment): Promise<string> {
  const [stepBps, delay] = await d.main.priceGuard();
  return `Main's price guard: a step of at most ${Number(stepBps) / 100}% applies at once, one every ${span(delay)}; anything more is announced ${span(delay)} ahead`;
}

/** The price in force and the one announced, if any. */
async function showPrice(d: Deployment, token: Token, now: bigint): Promise<void> {
  const price = await d.main.priceOf(token.address);
  const [pending, effectiveAt] = await d.main.pendingPrice(token.address);
  console.log(`${token.symbol}: ${amount(price)} USD on Main.`);
  if (effectiveAt !== 0n) console.log(`  announced: ${amount(pending)} USD from ${when(effectiveAt, now)}`);
}

/** `price --token <symbol or address> [--usd <price>]`. */
export async function showOrSetPrice(args: PriceArgs, hre: HardhatRuntimeEnvironment): Promise<void> {
  const d = await productOn(hre);
  const token = await tokenOf(hre, d, args.token, "--token");
  if (args.usd === undefined) {
    await showPrice(d, token, await chainNow(hre));
    console.log(`  ${await guardText(d)}`);
    return;
  }
  const usd = parseAmount(args.usd, 18, "--usd");
  const [setter] = await hre.ethers.getSigners();
  const setPrice = d.main.interface.encodeFunctionData("setPrice", [token.address, usd]);
  const [immediate] = await d.manager.canCall(setter.address, d.addresses.Main, setPrice.slice(0, 10));
  if (!immediate) refuse(`Account #0 (${setter.address}) is not the price setter of this deployment's manager, so it cannot set prices.`);
  const before = await d.main.priceOf(token.address);
  const refusal = (reason: string) => `Main refuses ${amount(usd)} USD for ${token.symbol}: ${reason}.`;
  const receipt = await sendChecked(d.addresses, refusal, d.manager.connect(setter).execute, d.addresses.Main, setPrice);
  const announced = receipt.logs
    .filter((log) => log.address === d.addresses.Main)
    .map((log) => d.main.interface.parseLog(log))
    .find((event) => event?.name === "PriceChangeScheduled");
  const now = await chainNow(hre);
  if (announced) {
    console.log(`Announced ${token.symbol} at ${amount(usd)} USD in block ${receipt.blockNumber}, in force from ${when(announced.args.effectiveAt as bigint, now)}; ${amount(before)} USD until then.`);
  } else {
    console.log(`Set ${token.symbol} to ${amount(usd)} USD in block ${receipt.blockNumber}, in force now (it was ${amount(before)} USD).`);
  }
  console.log(`  ${await guardText(d)}`);
}

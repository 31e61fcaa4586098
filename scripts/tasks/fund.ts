/**
 * `npx hardhat fund --to 0x… --amount 1000 --token USDT`: gives an address BNB, a product token or
 * any ERC-20 on the chain (a fork's stand-in USDT, say). BNB is set by hardhat_setBalance; a token
 * is minted when it is one of the mocks, otherwise its balance slot is written, as deploy funds the
 * real tokens on a fork (`fundToken` in scripts/lib/deploy.ts). It adds to what the address holds.
 */
import { toQuantity } from "ethers";
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import { ERC20__factory } from "../../typechain-types";
import { fundToken } from "../lib/deploy";
import { productOn, tokenOf } from "./deployment";
import { amount as shown } from "./format";
import { parseAddress, parseAmount } from "./inputs";
import { refuse } from "./local-chain";

export interface FundArgs {
  to: string;
  amount: string;
  token: string;
}

/** `fund --to <address> --amount <whole tokens> [--token <symbol or address>]`. */
export async function fund(args: FundArgs, hre: HardhatRuntimeEnvironment): Promise<void> {
  const to = parseAddress(args.to, "--to");
  const { provider } = hre.ethers;
  if (args.token.trim().toUpperCase() === "BNB") {
    const value = parseAmount(args.amount, 18, "--amount");
    const holds = (await provider.getBalance(to)) + value;
    await provider.send("hardhat_setBalance", [to, toQuantity(holds)]);
    console.log(`Funded ${to} with ${shown(value)} BNB: it holds ${shown(holds)} BNB.`);
    return;
  }
  const d = await productOn(hre);
  const token = await tokenOf(hre, d, args.token, "--token");
  const value = parseAmount(args.amount, token.decimals, "--amount");
  // A token that is neither a mock nor a plain ERC-20 (no balance slot found) is said, not thrown.
  await fundToken(hre, token.address, to, value).catch((error: Error) => refuse(`${token.symbol} at ${token.address} could not be funded: ${error.message}.`));
  const holds = await ERC20__factory.connect(token.address, provider).balanceOf(to);
  console.log(`Funded ${to} with ${shown(value, token.decimals)} ${token.symbol}: it holds ${shown(holds, token.decimals)} ${token.symbol}.`);
}

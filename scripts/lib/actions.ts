/**
 * Member actions shared by the seed, the contract tests' fixtures and the gas report, so that all
 * three set up state the same way: new members from fixed keys, registration, lines of referrals
 * and synthesis paid with exactly its cost.
 */
import { Wallet, id, parseEther, toQuantity } from "ethers";
import type { ContractTransactionReceipt, ContractTransactionResponse, Signer } from "ethers";
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import type { TokenSymbol } from "../../contracts-abi/product";
import type { Deployment } from "./deploy";

/** A wallet derived from `label` (so that runs repeat), on the network of `hre`, holding `balance` of BNB. */
export async function labelledWallet(hre: HardhatRuntimeEnvironment, label: string, balance: bigint): Promise<Wallet> {
  const wallet = new Wallet(id(label), hre.ethers.provider);
  await hre.ethers.provider.send("hardhat_setBalance", [wallet.address, toQuantity(balance)]);
  return wallet;
}

/** Registers `member` under `referrer`; returns the mined receipt. */
export async function register(d: Deployment, member: Signer, referrer: string): Promise<ContractTransactionReceipt> {
  const receipt = await (await d.community.connect(member).register(referrer)).wait();
  if (!receipt) throw new Error("register: no receipt");
  return receipt;
}

/**
 * A line of `depth` new members below `top`: the first is a direct member of `top`, each next one
 * a direct member of the one before. Member i is `labelledWallet(`${label}-${i}`)`.
 */
export async function referralLine(
  hre: HardhatRuntimeEnvironment,
  d: Deployment,
  top: string,
  depth: number,
  label: string,
  balance = parseEther("10"),
): Promise<Wallet[]> {
  const members: Wallet[] = [];
  let referrer = top;
  for (let i = 0; i < depth; i++) {
    const member = await labelledWallet(hre, `${label}-${i}`, balance);
    await register(d, member, referrer);
    members.push(member);
    referrer = member.address;
  }
  return members;
}

/**
 * Approves exactly the cost of `hashrate` paid in `symbol`, then synthesises; returns the mined
 * transaction. `beforeApprove`, when given, is called with the cost first (to give it to the member).
 */
export async function synthesize(
  d: Deployment,
  member: Signer,
  symbol: TokenSymbol,
  hashrate: bigint,
  beforeApprove?: (cost: bigint) => Promise<void>,
): Promise<ContractTransactionResponse> {
  const cost = await d.main.costOf(d.addresses[symbol], hashrate);
  await beforeApprove?.(cost);
  await (await d.tokens[symbol].connect(member).approve(d.addresses.Main, cost)).wait();
  // The bound is the cost just read: the same figure a user sees before confirming.
  const transaction = await d.main.connect(member).synthesize(d.addresses[symbol], hashrate, cost);
  await transaction.wait();
  return transaction;
}

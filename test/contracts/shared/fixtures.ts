/**
 * Typed fixtures for the contract tests. They run the real deploy (scripts/lib/deploy.ts) on the
 * in-process Hardhat network (chain id 56) and add small helpers the tests share.
 */
import { loadFixture, setBalance } from "@nomicfoundation/hardhat-network-helpers";
import { Wallet, id, parseEther } from "ethers";
import type { ContractTransactionResponse } from "ethers";
import hre, { ethers } from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";

import { deployAll, fundToken } from "../../../scripts/lib/deploy";
import type { Deployment } from "../../../scripts/lib/deploy";
import { PRICES, type TokenSymbol } from "../../../scripts/lib/product";

export type Account = HardhatEthersSigner | Wallet;

export interface Fixture extends Deployment {
  owner: HardhatEthersSigner;
  alice: HardhatEthersSigner;
  bob: HardhatEthersSigner;
  carol: HardhatEthersSigner;
  dave: HardhatEthersSigner;
  eve: HardhatEthersSigner;
  others: HardhatEthersSigner[];
}

export async function deployFixture(): Promise<Fixture> {
  const deployment = await deployAll(hre);
  const [owner, alice, bob, carol, dave, eve, ...others] = await ethers.getSigners();
  return { ...deployment, owner, alice, bob, carol, dave, eve, others };
}

/** The deployment with alice registered under genesis, bob under alice, carol under bob. */
export async function membersFixture(): Promise<Fixture> {
  const fixture = await deployFixture();
  await register(fixture, fixture.alice, fixture.genesis);
  await register(fixture, fixture.bob, fixture.alice.address);
  await register(fixture, fixture.carol, fixture.bob.address);
  return fixture;
}

export function loadMembers(): Promise<Fixture> {
  return loadFixture(membersFixture);
}

export function loadDeployment(): Promise<Fixture> {
  return loadFixture(deployFixture);
}

export async function register(fixture: Deployment, member: Account, referrer: string): Promise<void> {
  await (await fixture.community.connect(member).register(referrer)).wait();
}

export async function mint(fixture: Deployment, symbol: TokenSymbol, to: string, amount: bigint): Promise<void> {
  await fundToken(hre, fixture.addresses[symbol], to, amount);
}

/** Tokens to pay for `hashrate` units at the default price table, rounded up as Main does. */
export function costAt(symbol: TokenSymbol, hashrate: bigint): bigint {
  const numerator = hashrate * parseEther("1") * parseEther("1");
  return (numerator + PRICES[symbol] - 1n) / PRICES[symbol];
}

/** Mints and approves exactly the cost, then synthesises. Returns the mined transaction. */
export async function synthesize(
  fixture: Deployment,
  member: Account,
  symbol: TokenSymbol,
  hashrate: bigint,
): Promise<ContractTransactionResponse> {
  const cost = await fixture.main.costOf(fixture.addresses[symbol], hashrate);
  await mint(fixture, symbol, member.address, cost);
  await (await fixture.tokens[symbol].connect(member).approve(fixture.addresses.Main, cost)).wait();
  const transaction = await fixture.main.connect(member).synthesize(fixture.addresses[symbol], hashrate);
  await transaction.wait();
  return transaction;
}

/**
 * A chain of `depth` new members below `top`: the first is a direct member of `top`, each next one
 * a direct member of the one before. Wallets are derived from fixed keys so that runs repeat.
 */
export async function referralChain(fixture: Deployment, top: string, depth: number, label = "member"): Promise<Wallet[]> {
  const members: Wallet[] = [];
  let referrer = top;
  for (let i = 0; i < depth; i++) {
    const wallet = new Wallet(id(`${label}-${i}`), ethers.provider);
    await setBalance(wallet.address, parseEther("10"));
    await register(fixture, wallet, referrer);
    members.push(wallet);
    referrer = wallet.address;
  }
  return members;
}

/** The timestamp of the next 00:00 UTC after `timestamp`. */
export function nextUtcMidnight(timestamp: number): number {
  return (Math.floor(timestamp / 86_400) + 1) * 86_400;
}

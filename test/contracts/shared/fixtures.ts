/**
 * Typed fixtures for the contract tests. They run the real deploy (scripts/lib/deploy.ts) on the
 * in-process Hardhat network (chain id 56) and add small helpers the tests share; member actions
 * are the seed's (scripts/lib/actions.ts), with the tokens minted for them here.
 */
import { loadFixture, setBalance, time } from "@nomicfoundation/hardhat-network-helpers";
import type { ContractTransactionResponse, Wallet } from "ethers";
import hre, { ethers } from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";

import type { TokenSymbol } from "../../../contracts-abi/product";
import { referralLine, register, synthesize as synthesizeAction } from "../../../scripts/lib/actions";
import { deployAll, fundToken } from "../../../scripts/lib/deploy";
import type { Deployment } from "../../../scripts/lib/deploy";
import { PRICES } from "../../../scripts/lib/deploy-defaults";
import { synthesisCost } from "../../../web/src/features/mining/synthesis-cost";
import { governed, type Governed } from "./governed";

export type Account = HardhatEthersSigner | Wallet;

export interface Fixture extends Deployment {
  owner: HardhatEthersSigner;
  /** The product contracts as their owner calls them: through the AccessManager (shared/governed.ts). */
  governed: Governed;
  alice: HardhatEthersSigner;
  bob: HardhatEthersSigner;
  carol: HardhatEthersSigner;
  dave: HardhatEthersSigner;
  eve: HardhatEthersSigner;
  others: HardhatEthersSigner[];
}

/** The deployment for the tests of the rules: the manager owns the contracts, as always, but its
 *  admin acts at once (no governance delay), so a test sets a rule up without waiting for it.
 *  Governance.test.ts tests the deployment with its delay. */
export async function deployFixture(): Promise<Fixture> {
  return fixtureOf(await deployAll(hre, { governanceDelay: 0 }));
}

/** The real local deployment: owner changes wait the governance delay (scripts/lib/governance.ts). */
export async function governedDeploymentFixture(): Promise<Fixture> {
  return fixtureOf(await deployAll(hre));
}

async function fixtureOf(deployment: Deployment): Promise<Fixture> {
  const [owner, alice, bob, carol, dave, eve, ...others] = await ethers.getSigners();
  return { ...deployment, owner, governed: governed(deployment, owner), alice, bob, carol, dave, eve, others };
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

export { register };

export async function mint(fixture: Deployment, symbol: TokenSymbol, to: string, amount: bigint): Promise<void> {
  await fundToken(hre, fixture.addresses[symbol], to, amount);
}

/** Leaves Revenue holding exactly `amount` ACB: the rest sent to the owner, as if claims had spent
 *  it, or the difference minted. */
export async function leaveReserve(fixture: Fixture, amount: bigint): Promise<void> {
  const held = await fixture.tokens.ACB.balanceOf(fixture.addresses.Revenue);
  if (held < amount) return mint(fixture, "ACB", fixture.addresses.Revenue, amount - held);
  await setBalance(fixture.addresses.Revenue, 10n ** 18n);
  const revenue = await ethers.getImpersonatedSigner(fixture.addresses.Revenue);
  await fixture.tokens.ACB.connect(revenue).transfer(fixture.owner.address, held - amount);
}

/** What `member` has received in claims, ever: machine revenue and every bonus (USD, 18 decimals). */
async function receivedUsd(fixture: Fixture, member: string): Promise<bigint> {
  const earnings = await fixture.revenue.earningsOf(member);
  return earnings.machineReceived + earnings.dynamicReceived + earnings.preachingReceived.reduce((sum, gold) => sum + gold, 0n);
}

/**
 * What a claim by `member`, owed `waitingUsd` now, may pay (docs/decisions/governance.md): the whole
 * reserve's worth when it covers the promise; else the member's share of all they were ever owed
 * (what claims paid ever plus the reserve's worth, over that plus the promise: `coverage()`), less
 * what they have received, and never more than the reserve's worth.
 */
export async function claimBudget(fixture: Fixture, member: string, waitingUsd: bigint): Promise<bigint> {
  const { promisedUsd, reserveUsd } = await fixture.revenue.backing();
  if (promisedUsd <= reserveUsd) return reserveUsd;
  const [coveredUsd, owedUsd] = await fixture.revenue.coverage();
  const received = await receivedUsd(fixture, member);
  const entitled = ((received + waitingUsd) * coveredUsd) / owedUsd;
  if (entitled <= received) return 0n;
  return entitled - received < reserveUsd ? entitled - received : reserveUsd;
}

/** Leaves Revenue the least ACB that gives a claim by `member` of `waitingUsd` a budget
 *  (`claimBudget`) of at least `budgetUsd`, less than what waits. It can be a little more (an ACB wei
 *  may be worth more than a USD wei), so a test that needs the budget to the wei reads `claimBudget`.
 *  Returns the ACB left. */
export async function leaveBudget(fixture: Fixture, member: string, waitingUsd: bigint, budgetUsd: bigint): Promise<bigint> {
  const { promisedUsd, reserveUsd, acbPrice } = await fixture.revenue.backing();
  const [coveredUsd] = await fixture.revenue.coverage();
  const paidEver = coveredUsd - reserveUsd;
  const received = await receivedUsd(fixture, member);
  // Both rounded up: the least reserve worth whose share is the budget, then the least ACB worth it.
  const owned = received + waitingUsd;
  const worth = ((budgetUsd + received) * (promisedUsd + paidEver) + owned - 1n) / owned - paidEver;
  const reserve = (worth * 10n ** 18n + acbPrice - 1n) / acbPrice;
  await leaveReserve(fixture, reserve);
  return reserve;
}

/** Tokens to pay for `hashrate` units at the default price table, rounded up as Main does. */
export function costAt(symbol: TokenSymbol, hashrate: bigint): bigint {
  return synthesisCost(hashrate, PRICES[symbol]);
}

/** Mints and approves exactly the cost, then synthesises. Returns the mined transaction. */
export function synthesize(
  fixture: Deployment,
  member: Account,
  symbol: TokenSymbol,
  hashrate: bigint,
): Promise<ContractTransactionResponse> {
  return synthesizeAction(fixture, member, symbol, hashrate, (cost) => mint(fixture, symbol, member.address, cost));
}

/**
 * A chain of `depth` new members below `top`, each holding 10 BNB: the first is a direct member of
 * `top`, each next one a direct member of the one before. Wallets are derived from fixed keys.
 */
export function referralChain(fixture: Deployment, top: string, depth: number, label = "member"): Promise<Wallet[]> {
  return referralLine(hre, fixture, top, depth, label);
}

/** The timestamp of the next 00:00 UTC after `timestamp`. */
export function nextUtcMidnight(timestamp: number): number {
  return (Math.floor(timestamp / 86_400) + 1) * 86_400;
}

/**
 * Puts `price` in force for `symbol`, as an owner would: a move past the price guard is scheduled,
 * so the chain's clock is moved to when it takes effect.
 */
export async function setPriceNow(fixture: Deployment, symbol: TokenSymbol, price: bigint): Promise<void> {
  await (await governed(fixture, await ethers.provider.getSigner(0)).main.setPrice(fixture.addresses[symbol], price)).wait();
  const [, effectiveAt] = await fixture.main.pendingPrice(fixture.addresses[symbol]);
  if (effectiveAt !== 0n) await time.increaseTo(effectiveAt);
}

/**
 * The product's owner is OpenZeppelin's AccessManager (docs/decisions/governance.md). Deploy sets
 * the contracts up with the deployer as their owner, then hands them over: the manager becomes the
 * owner of Main, Revenue, Community, Swap and MvMarket, so each owner function runs only through
 * the manager's `execute`. Every one of them is the admin role's (the manager's default), and the
 * admin waits `delay` between scheduling a call (`OperationScheduled`, with the call's data) and
 * executing it; so do the manager's own settings (roles, delays). Only price steps are immediate,
 * under a role that can do nothing else (`PRICE_SETTER`): Main's price guard still announces every
 * larger move a day ahead.
 */
import type { Signer } from "ethers";

import { AccessManager__factory as AccessManagerDeployer } from "../../mocks/types";
import { AccessManager__factory, Main__factory } from "../../typechain-types";
import type { AccessManager } from "../../typechain-types";
import { GOVERNANCE_ROLES, GOVERNED_CONTRACTS, type GovernedContract } from "../../contracts-abi/product";
import { isLocalNetwork } from "./chain";

/** The delay a mainnet deployment may not go under: a day's notice of anything that lowers what users earn. */
export const MAINNET_MIN_DELAY_SECONDS = 24 * 3600;
/** What deploy uses unless GOVERNANCE_DELAY says otherwise: ten minutes on a local chain (tests move
 *  time; the demo shows a change coming and applied within a coffee), two days elsewhere. */
const DEFAULT_DELAY_SECONDS = { local: 600, mainnet: 2 * 24 * 3600 };

/** The admin's delay for a deployment to `networkName`: GOVERNANCE_DELAY (seconds) or the default;
 *  one sentence when it is not a number of seconds, or under a day beyond the local chain. */
export function governanceDelay(networkName: string, env: NodeJS.ProcessEnv = process.env): number {
  const local = isLocalNetwork(networkName);
  const raw = env.GOVERNANCE_DELAY;
  const delay = raw === undefined || raw === "" ? DEFAULT_DELAY_SECONDS[local ? "local" : "mainnet"] : Number(raw);
  if (!/^\d*$/.test(raw ?? "") || !Number.isSafeInteger(delay) || delay > 2 ** 32 - 1) {
    throw new Error(`GOVERNANCE_DELAY must be a number of seconds, got '${raw}'.`);
  }
  if (!local && delay < MAINNET_MIN_DELAY_SECONDS) {
    throw new Error(`GOVERNANCE_DELAY is ${delay} s, but a deployment to ${networkName} waits at least ${MAINNET_MIN_DELAY_SECONDS} s (a day) before an owner change applies.`);
  }
  return delay;
}

/** Deploys the manager with the deployer as its admin, acting at once until `handOver`. */
export async function deployManager(deployer: Signer): Promise<AccessManager> {
  const manager = await new AccessManagerDeployer(deployer).deploy(await deployer.getAddress());
  await manager.waitForDeployment();
  return AccessManager__factory.connect(await manager.getAddress(), deployer);
}

/** An Ownable2Step contract: what the hand-over needs of each product contract. */
interface Owned {
  getAddress(): Promise<string>;
  transferOwnership(owner: string): Promise<{ wait(): Promise<unknown> }>;
}

/** Main's `setPrice`: the one owner function a role may call at once (the price guard bounds it). */
const SET_PRICE = Main__factory.createInterface().getFunction("setPrice").selector;
const ACCEPT_OWNERSHIP = Main__factory.createInterface().encodeFunctionData("acceptOwnership");

/**
 * Makes the manager the owner of `contracts` and sets its roles: PRICE_SETTER (immediate) for
 * Main's `setPrice`, given to `admin`; then the admin's own delay, last (an increase applies at
 * once; a later decrease would wait the difference, at least the manager's five-day setback).
 */
export async function handOver(manager: AccessManager, contracts: Record<GovernedContract, Owned>, admin: Signer, delay: number): Promise<void> {
  const managerAddress = await manager.getAddress();
  const adminAddress = await admin.getAddress();
  const asAdmin = manager.connect(admin);
  for (const name of GOVERNED_CONTRACTS) {
    const contract = contracts[name];
    await (await contract.transferOwnership(managerAddress)).wait();
    // Two-step ownership: the manager accepts, as its admin tells it to (at once, for now).
    await (await asAdmin.execute(await contract.getAddress(), ACCEPT_OWNERSHIP)).wait();
  }
  await (await asAdmin.labelRole(GOVERNANCE_ROLES.priceSetter, "PRICE_SETTER")).wait();
  await (await asAdmin.setTargetFunctionRole(await contracts.Main.getAddress(), [SET_PRICE], GOVERNANCE_ROLES.priceSetter)).wait();
  await (await asAdmin.grantRole(GOVERNANCE_ROLES.priceSetter, adminAddress, 0)).wait();
  if (delay > 0) await (await asAdmin.grantRole(GOVERNANCE_ROLES.admin, adminAddress, delay)).wait();
}

/**
 * Owner changes as the owner makes them (docs/decisions/governance.md): the AccessManager owns the
 * product, and every owner function but Main.setPrice waits the admin's delay (600 s locally).
 * `owner:schedule` queues a call, which the app's pages then announce (through the indexer);
 * `owner:list` lists what is queued, from the manager's events; `owner:execute` applies a call
 * once ready and `owner:cancel` drops it. They act as account #0, the deployer, who is the admin.
 */
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import { GOVERNANCE_ROLES } from "../../contracts-abi/product";
import type { Deployment } from "../lib/deploy";
import { describeLogs, revertOf, sendChecked } from "./abi";
import { encodeCall } from "./call-input";
import { productOn } from "./deployment";
import { utc, when } from "./format";
import { parseHexId } from "./inputs";
import { refuse } from "./local-chain";
import { assertPending, chainNow, findOperation, operationsOf, shortId, statusText, type Operation } from "./owner-operations";

/** A call named on the command line: --contract, --function and the arguments. */
export interface CallArgs {
  contract?: string;
  function?: string;
  args: string[];
}

/** An operation named by --id, or by its call. */
export interface ByIdArgs extends CallArgs {
  id?: string;
}

/** Account #0, refused in one sentence unless it is the manager's admin. */
async function adminOf(hre: HardhatRuntimeEnvironment, d: Deployment): Promise<HardhatEthersSigner> {
  const [admin] = await hre.ethers.getSigners();
  const [isAdmin] = await d.manager.hasRole(GOVERNANCE_ROLES.admin, admin.address);
  if (!isAdmin) refuse(`Account #0 (${admin.address}) is not the admin of this deployment's manager (${d.addresses.AccessManager}), so it can make no owner change.`);
  return admin;
}

/** The operation `--id` names, or the one the call (`--contract`, `--function`, arguments) makes as the admin. */
async function operationOf(d: Deployment, admin: HardhatEthersSigner, args: ByIdArgs, now: bigint): Promise<Operation> {
  const operations = await operationsOf(d, now);
  if (args.id !== undefined) return findOperation(operations, parseHexId(args.id, "--id", "0x1a2b3c4d (from npx hardhat owner:list)"));
  if (args.contract === undefined || args.function === undefined) refuse(`Name the operation: --id (from npx hardhat owner:list), or --contract, --function and the function's arguments.`);
  const call = encodeCall(d.addresses, args.contract, args.function, args.args);
  const id = await d.manager.hashOperation(admin.address, call.target, call.data);
  const found = operations.filter((operation) => operation.id === id).at(-1);
  if (!found) refuse(`${call.text} was never scheduled by ${admin.address}: schedule it first with npx hardhat owner:schedule.`);
  return found;
}

/** `owner:schedule --contract <name> --function <name> [arguments…]`. */
export async function schedule(args: CallArgs, hre: HardhatRuntimeEnvironment): Promise<void> {
  const d = await productOn(hre);
  const admin = await adminOf(hre, d);
  if (args.contract === undefined || args.function === undefined) refuse(`Name the change: --contract, --function and the function's arguments.`);
  const call = encodeCall(d.addresses, args.contract, args.function, args.args);
  const [immediate, delay] = await d.manager.canCall(admin.address, call.target, call.data.slice(0, 10));
  if (immediate) {
    const setPrice = call.contract === "Main" && call.data.startsWith(d.main.interface.getFunction("setPrice").selector);
    refuse(`${call.text} needs no schedule: ${admin.address} may make it at once${setPrice ? ", as the price setter (npx hardhat price)" : ""}.`);
  }
  if (delay === 0n) refuse(`${call.text} is not the admin's to make: no role of the manager it holds may call it.`);
  // Run now from the manager (the contracts' owner), to warn of a call that would revert; only a
  // warning, as the chain may change before the delay is over.
  const wouldRevert = await hre.ethers.provider.call({ from: d.addresses.AccessManager, to: call.target, data: call.data }).then(
    () => undefined,
    (error: unknown) => revertOf(d.addresses, error),
  );
  // Tried first as a call (the same call already scheduled, say), as every task that sends is.
  const receipt = await sendChecked(d.addresses, (reason) => `${call.text} cannot be scheduled: ${reason}.`, d.manager.connect(admin).schedule, call.target, call.data, 0);
  const scheduled = receipt.logs.map((log) => d.manager.interface.parseLog(log)).find((log) => log?.name === "OperationScheduled")!;
  const id = scheduled.args.operationId as string;
  const readyAt = scheduled.args.schedule as bigint;
  const now = await chainNow(hre);
  console.log(`Scheduled ${call.text} in block ${receipt.blockNumber}.`);
  console.log(`  operation ${id}`);
  console.log(`  ready from ${when(readyAt, now)}; it may be executed until ${utc(readyAt + (await d.manager.expiration()))}`);
  console.log(`  then: npx hardhat owner:execute --id ${shortId(id)} --network ${hre.network.name}`);
  if (wouldRevert) console.log(`  note: run now, it would revert with ${wouldRevert}`);
}

/** `owner:list [--all]`. */
export async function list({ all }: { all: boolean }, hre: HardhatRuntimeEnvironment): Promise<void> {
  const d = await productOn(hre);
  const now = await chainNow(hre);
  const operations = (await operationsOf(d, now)).filter((operation) => all || operation.status === "waiting" || operation.status === "ready");
  const whose = `on the AccessManager ${d.addresses.AccessManager} (its events since block ${d.startBlock ?? 0}); the chain's time is ${utc(now)}`;
  if (operations.length === 0) {
    console.log(`Nothing ${all ? "was ever scheduled" : "is scheduled"} ${whose}.`);
    return;
  }
  console.log(`${operations.length} owner change${operations.length === 1 ? "" : "s"} ${all ? "ever scheduled" : "scheduled"} ${whose}:`);
  for (const operation of operations) console.log(`  ${shortId(operation.id)}  ${operation.text}: ${statusText(operation, now)}`);
}

/** `owner:execute --id <id>`, or with the call. */
export async function execute(args: ByIdArgs, hre: HardhatRuntimeEnvironment): Promise<void> {
  const d = await productOn(hre);
  const admin = await adminOf(hre, d);
  const now = await chainNow(hre);
  const operation = await operationOf(d, admin, args, now);
  assertPending(operation, now, "executed", hre.network.name);
  const refusal = (reason: string) => `${operation.text} reverts: ${reason}; it stays scheduled until it expires.`;
  const receipt = await sendChecked(d.addresses, refusal, d.manager.connect(admin).execute, operation.target, operation.data);
  console.log(`Executed ${operation.text} (operation ${shortId(operation.id)}) in block ${receipt.blockNumber}:`);
  for (const line of describeLogs(d.addresses, receipt.logs)) console.log(`  ${line}`);
}

/** `owner:cancel --id <id>`, or with the call. */
export async function cancel(args: ByIdArgs, hre: HardhatRuntimeEnvironment): Promise<void> {
  const d = await productOn(hre);
  const admin = await adminOf(hre, d);
  const now = await chainNow(hre);
  const operation = await operationOf(d, admin, args, now);
  assertPending(operation, now, "canceled", hre.network.name);
  const receipt = (await (await d.manager.connect(admin).cancel(operation.caller, operation.target, operation.data)).wait())!;
  console.log(`Canceled ${operation.text} (operation ${shortId(operation.id)}) in block ${receipt.blockNumber}: it will not apply.`);
}

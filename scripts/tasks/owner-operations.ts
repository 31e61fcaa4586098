/**
 * What the manager has scheduled, read from the chain. The AccessManager keeps no list of its
 * operations, only each one's time (`getSchedule`), so the list is rebuilt from its events in the
 * node's logs since the deployment's first block: `OperationScheduled` (with the call itself), then
 * `OperationExecuted` or `OperationCanceled` for the same id and nonce; one that was neither and
 * is past the manager's expiration (a week after it became ready) can no longer be executed.
 */
import type { HardhatRuntimeEnvironment } from "hardhat/types";

import type { Deployment } from "../lib/deploy";
import { describeCall } from "./abi";
import { span, utc, when } from "./format";
import { refuse } from "./local-chain";

export type Status = "waiting" | "ready" | "executed" | "canceled" | "expired";

export interface Operation {
  id: string;
  nonce: bigint;
  /** When it may be executed (unix seconds). */
  readyAt: bigint;
  caller: string;
  target: string;
  data: string;
  /** The call, as a line shows it. */
  text: string;
  status: Status;
  /** The block of its execution or cancellation. */
  closedIn?: number;
  /** Until when it may be executed (unix seconds). */
  expiresAt: bigint;
}

/** The chain's clock: the head block's time. */
export async function chainNow(hre: HardhatRuntimeEnvironment): Promise<bigint> {
  const block = await hre.ethers.provider.getBlock("latest");
  return BigInt(block!.timestamp);
}

/** Every operation scheduled on the deployment's manager, oldest first, with its status at `now`. */
export async function operationsOf(d: Deployment, now: bigint): Promise<Operation[]> {
  const { manager } = d;
  const from = d.startBlock ?? 0;
  const [scheduled, executed, canceled] = await Promise.all([
    manager.queryFilter(manager.filters.OperationScheduled(), from),
    manager.queryFilter(manager.filters.OperationExecuted(), from),
    manager.queryFilter(manager.filters.OperationCanceled(), from),
  ]);
  const expiration = await manager.expiration();
  const closed = (events: typeof executed | typeof canceled, id: string, nonce: bigint) =>
    events.find((event) => event.args.operationId === id && event.args.nonce === nonce)?.blockNumber;
  return scheduled.map(({ args }) => {
    const { operationId: id, nonce, schedule: readyAt, caller, target, data } = args;
    const executedIn = closed(executed, id, nonce);
    const canceledIn = closed(canceled, id, nonce);
    const expiresAt = readyAt + expiration;
    const status: Status =
      executedIn !== undefined ? "executed" : canceledIn !== undefined ? "canceled" : now >= expiresAt ? "expired" : now >= readyAt ? "ready" : "waiting";
    return { id, nonce, readyAt, caller, target, data, text: describeCall(d.addresses, target, data), status, closedIn: executedIn ?? canceledIn, expiresAt };
  });
}

/** What an operation's line says of it at `now`. */
export function statusText(operation: Operation, now: bigint): string {
  switch (operation.status) {
    case "waiting":
      return `waiting, ready from ${when(operation.readyAt, now)}`;
    case "ready":
      return `ready since ${when(operation.readyAt, now)}, may be executed until ${utc(operation.expiresAt)}`;
    case "executed":
      return `executed in block ${operation.closedIn}`;
    case "canceled":
      return `canceled in block ${operation.closedIn}`;
    case "expired":
      return `expired at ${utc(operation.expiresAt)}, unexecuted`;
  }
}

/** The start of an id that the lines show and `--id` takes. */
export function shortId(id: string): string {
  return id.slice(0, 10);
}

/** The operation whose id starts with `prefix` (its latest schedule, if scheduled again). */
export function findOperation(operations: readonly Operation[], prefix: string): Operation {
  const ids = [...new Set(operations.filter((operation) => operation.id.startsWith(prefix)).map((operation) => operation.id))];
  if (ids.length === 0) refuse(`No operation ${prefix} was ever scheduled on this deployment's manager: npx hardhat owner:list --all lists them.`);
  if (ids.length > 1) refuse(`--id ${prefix} starts ${ids.length} operations' ids (${ids.map(shortId).join(", ")}): give more of it.`);
  return operations.filter((operation) => operation.id === ids[0]).at(-1)!;
}

/** Refuses, in one sentence, to execute or cancel an operation that is no longer pending, or to execute one still waiting. */
export function assertPending(operation: Operation, now: bigint, verb: "executed" | "canceled", network: string): void {
  const name = `Operation ${shortId(operation.id)} (${operation.text})`;
  const closed = {
    executed: `it was executed in block ${operation.closedIn}`,
    canceled: `it was canceled in block ${operation.closedIn}`,
    expired: `it expired unexecuted at ${utc(operation.expiresAt)}, ${span(operation.expiresAt - operation.readyAt)} after it became ready; schedule it again`,
  };
  if (operation.status in closed) refuse(`${name} cannot be ${verb}: ${closed[operation.status as keyof typeof closed]}.`);
  if (verb === "executed" && operation.status === "waiting") {
    refuse(`${name} is not ready until ${when(operation.readyAt, now)}: move the clock with npx hardhat time --by ${span(operation.readyAt - now, "")} --network ${network}.`);
  }
}

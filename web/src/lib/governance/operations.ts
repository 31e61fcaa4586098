/**
 * The owner's operations through the AccessManager, as the indexer serves them
 * (/history/governance/operations: indexer/src/api/governance.ts documents the JSON): each a call
 * scheduled on a product contract, from when it may be executed, and what became of it. The app
 * reads them to say what is queued before it applies (docs/decisions/governance.md).
 */
import { checksummed, type Placed } from "@/lib/history/history";

export type OperationStatus = "scheduled" | "executed" | "cancelled" | "expired";

export interface Operation extends Placed {
  /** `<operationId>:<nonce>`: unique, as the manager reuses an operation id for the same call scheduled again. */
  id: string;
  caller: string;
  target: string;
  /** The target's name in the address book (Main, Revenue, Community, Swap, MvMarket, AccessManager), or null. */
  contract: string | null;
  /** The function called and its arguments by name (integers as decimal strings), or null when not decoded. */
  functionName: string | null;
  args: Readonly<Record<string, unknown>>;
  /** Unix seconds from which it may be executed, and after which it no longer can be. */
  schedule: number;
  expiresAt: number;
  status: OperationStatus;
  /** When it was executed or cancelled; null while open. */
  closedTime: number | null;
  closedTxHash: string | null;
}

/** The role the manager gives a member, with the member's delay: the admin is role 0. */
export interface RoleMember extends Placed {
  roleId: bigint;
  account: string;
  /** Seconds between scheduling a call of this role and executing it. */
  executionDelay: number;
}

/** What may still apply, newest first: one page holds far more than the owner ever queues at once. */
export const PENDING_OPERATIONS = "/governance/operations?status=pending&limit=100";
/** Every operation that can no longer apply (executed, cancelled, expired), newest first, a page at
 *  a time: the terms page's history (what may still apply is listed above it). */
export const PAST_OPERATIONS = "/governance/operations?status=past&limit=10";
export const ROLES = "/governance/roles";

type Raw = Record<string, unknown>;

const STATUSES: readonly OperationStatus[] = ["scheduled", "executed", "cancelled", "expired"];

const text = (row: Raw, name: string): string => {
  const value = row[name];
  if (typeof value !== "string") throw new Error(`governance: '${name}' is missing`);
  return value;
};
const seconds = (row: Raw, name: string): number => {
  const value = text(row, name);
  if (!/^\d+$/.test(value)) throw new Error(`governance: '${name}' is not a whole number`);
  return Number(value);
};
const address = (row: Raw, name: string): string => {
  const value = checksummed(row[name]);
  if (!value) throw new Error(`governance: '${name}' is not an address`);
  return value;
};
const optional = <T>(row: Raw, name: string, read: (row: Raw, name: string) => T): T | null => (row[name] === null || row[name] === undefined ? null : read(row, name));

export function readOperation(row: Raw): Operation {
  const status = text(row, "status") as OperationStatus;
  if (!STATUSES.includes(status)) throw new Error(`governance: unknown status '${status}'`);
  return {
    position: text(row, "position"),
    time: seconds(row, "time"),
    txHash: text(row, "txHash"),
    id: text(row, "id"),
    caller: address(row, "caller"),
    target: address(row, "target"),
    contract: optional(row, "contract", text),
    functionName: optional(row, "functionName", text),
    args: typeof row.args === "object" && row.args !== null ? (row.args as Raw) : {},
    schedule: seconds(row, "schedule"),
    expiresAt: seconds(row, "expiresAt"),
    status,
    closedTime: optional(row, "closedTime", seconds),
    closedTxHash: optional(row, "closedTxHash", text),
  };
}

export function readRoleMember(row: Raw): RoleMember {
  return {
    position: text(row, "position"),
    time: seconds(row, "time"),
    txHash: text(row, "txHash"),
    roleId: BigInt(seconds(row, "roleId")),
    account: address(row, "account"),
    executionDelay: seconds(row, "executionDelay"),
  };
}

/** Whether `operation` may still apply at `now` (the chain's time): scheduled, and not expired by
 *  then (the indexer's list of pending ones may be a moment older than the chain). */
export function stillPending(operation: Operation, now: number): boolean {
  return operation.status === "scheduled" && now < operation.expiresAt;
}

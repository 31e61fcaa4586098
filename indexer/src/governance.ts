/**
 * The owner's operations through the AccessManager (docs/decisions/governance.md), one row each
 * (ponder.schema.ts `governance_operation`): scheduled with the call it will make, then executed or
 * cancelled. The call is decoded with the ABI of its target, the product contract at that address
 * (or the manager itself, for a change of its roles and delays), so that the pages can say what it
 * changes before it applies.
 */
import { governanceOperation } from "ponder:schema";
import { decodeFunctionData, toFunctionSelector, type Abi, type AbiFunction, type Address, type Hex } from "viem";

import type { EventNames } from "ponder:registry";

import { jsonArgs, lower } from "./args";
import { INDEXED_CONTRACTS } from "./contracts";
import { placement } from "./position";
import { record } from "./record";
import { on, type Db, type IndexedEvent } from "./registry";

/** Where each indexed contract is, by its name in src/contracts.ts (Ponder's `context.contracts`). */
type Deployed = Readonly<Record<string, { readonly address?: unknown }>>;

/** The contract at `target`, by the name it is indexed under, and its ABI; undefined for any other address. */
function contractAt(target: Address, contracts: Deployed): { name: string; abi: Abi } | undefined {
  return INDEXED_CONTRACTS.find(({ name }) => {
    const { address } = contracts[name] ?? {};
    return typeof address === "string" && address.toLowerCase() === target;
  });
}

export interface DecodedCall {
  functionName: string;
  /** By the ABI's parameter names (`arg<i>` for an unnamed one), JSON-safe (src/args.ts). */
  args: Record<string, unknown>;
}

/** `data` as a call of `abi`: its function and arguments; null when the ABI has no function of its selector or the data does not fit it. */
export function decodeCall(abi: Abi, data: Hex): DecodedCall | null {
  let decoded: { functionName: string; args?: readonly unknown[] };
  try {
    decoded = decodeFunctionData({ abi, data });
  } catch {
    // A call the product's ABI does not know (or malformed data): kept as data, said as such.
    return null;
  }
  // The fragment of the call's selector gives the parameters' names (an overload shares the name).
  const selector = data.slice(0, 10).toLowerCase();
  const fragment = abi.find((item): item is AbiFunction => item.type === "function" && toFunctionSelector(item) === selector);
  const values = decoded.args ?? [];
  const named = Object.fromEntries(values.map((value, i) => [fragment?.inputs[i]?.name || `arg${i}`, value]));
  return { functionName: decoded.functionName, args: jsonArgs(named) };
}

const operationKey = (operationId: Hex, nonce: number) => `${operationId}:${nonce}`;

/** Closes the operation an event names: executed or cancelled, when and in which transaction. */
async function close(key: EventNames, event: IndexedEvent & { args: { operationId: Hex; nonce: number } }, db: Db, status: "executed" | "cancelled"): Promise<void> {
  await record(key, event, db);
  const id = operationKey(event.args.operationId, event.args.nonce);
  // One scheduled before the indexer's first block has no row to close: the event is kept in
  // `event` all the same, and there is nothing more to say of a call whose data is not known.
  if (!(await db.find(governanceOperation, { id }))) return;
  await db.update(governanceOperation, { id }).set({ status, closedTime: event.block.timestamp, closedBlockNumber: event.block.number, closedTxHash: event.transaction.hash });
}

/** The manager's operations: scheduled (with the call decoded), then executed or cancelled. */
export function registerGovernanceProjections(): void {
  on("AccessManager:OperationScheduled", async ({ event, context }) => {
    await record("AccessManager:OperationScheduled", event, context.db);
    const { operationId, nonce, schedule, caller, data } = event.args;
    const target = lower(event.args.target);
    const contract = contractAt(target, context.contracts);
    const call = contract ? decodeCall(contract.abi, data) : null;
    await context.db.insert(governanceOperation).values({
      id: operationKey(operationId, nonce),
      managerOperationId: operationId,
      nonce,
      caller: lower(caller),
      target,
      contract: contract?.name ?? null,
      data,
      functionName: call?.functionName ?? null,
      args: call?.args ?? null,
      schedule: BigInt(schedule),
      status: "scheduled",
      ...placement(event),
    });
  });
  on("AccessManager:OperationExecuted", ({ event, context }) => close("AccessManager:OperationExecuted", event, context.db, "executed"));
  on("AccessManager:OperationCanceled", ({ event, context }) => close("AccessManager:OperationCanceled", event, context.db, "cancelled"));
}

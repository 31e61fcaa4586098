/**
 * The console's calls: a function called as an account (a read, or a write tried before it is
 * sent) and decoded, and what a failure says: the custom error decoded with every ABI of the
 * address book, data none decodes, or the failure itself.
 */
import type { FunctionFragment } from "ethers/abi";

import { rpc } from "@/lib/contracts/rpc";
import { findRevertData, isNetworkError } from "@/lib/contracts/error-kinds";

import { decodeRevertData, type ConsoleContract, type DecodedEvent, type DecodedRevert } from "./abis";
import { valueText } from "./arguments";

/** What a call or a send came to, as the form shows it. */
export type Outcome =
  | { kind: "values"; lines: { label: string; text: string }[] }
  | { kind: "events"; block: bigint; events: DecodedEvent[] }
  | { kind: "reverts"; error: DecodedRevert }
  | { kind: "revertsUnknown"; data: string }
  | { kind: "failed"; reason: string };

/** The text of a decoded error or event: `Name(arg: value, ...)`. */
export function callText(name: string, args: { name: string; value: unknown; type: string }[]): string {
  const values = args.map((arg) => `${arg.name ? `${arg.name}: ` : ""}${typeof arg.value === "bigint" ? arg.value.toString() : JSON.stringify(arg.value, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value))}`);
  return `${name}(${values.join(", ")})`;
}

/** What a failed call or estimate says: its decoded custom error, its undecodable data, or the failure itself. */
export function outcomeOfFailure(error: unknown, networkText: string): Outcome {
  const data = findRevertData(error);
  if (data) {
    const decoded = decodeRevertData(data);
    return decoded ? { kind: "reverts", error: decoded } : { kind: "revertsUnknown", data };
  }
  if (isNetworkError(error)) return { kind: "failed", reason: networkText };
  return { kind: "failed", reason: error instanceof Error ? error.message : String(error) };
}

/** Calls `fragment` on `contract` as `from` (any account, or none) and decodes its answer. */
export async function callFunction(contract: ConsoleContract, fragment: FunctionFragment, args: unknown[], from: string | null): Promise<Outcome> {
  const data = contract.abi.encodeFunctionData(fragment, args);
  const answer = await rpc<string>("eth_call", [{ ...(from ? { from } : {}), to: contract.address, data }, "latest"]);
  const result = contract.abi.decodeFunctionResult(fragment, answer);
  return {
    kind: "values",
    lines: fragment.outputs.map((output, i) => ({ label: `${output.name || `#${i}`} (${output.type})`, text: valueText(result[i], output) })),
  };
}


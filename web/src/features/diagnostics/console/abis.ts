/**
 * What the contracts console offers: every contract of the address book with its whole ABI, from
 * the TypeChain factories generated from contracts-abi/ (lib/contracts/full-abis.ts, not a list
 * written here), its functions split into reads (view, pure) and writes.
 */
import { Interface, type FunctionFragment } from "ethers/abi";

import { ADDRESS_NAMES, type AddressName } from "@product";

import { addresses } from "@/config/addresses";
import { FULL_INTERFACES } from "@/lib/contracts/full-abis";

export interface ConsoleContract {
  name: AddressName;
  address: string;
  abi: Interface;
  reads: FunctionFragment[];
  writes: FunctionFragment[];
}

const isRead = (fragment: FunctionFragment) => fragment.stateMutability === "view" || fragment.stateMutability === "pure";

function consoleContract(name: AddressName): ConsoleContract {
  const abi = FULL_INTERFACES[name];
  const functions: FunctionFragment[] = [];
  abi.forEachFunction((fragment) => functions.push(fragment));
  functions.sort((a, b) => a.name.localeCompare(b.name) || a.format().localeCompare(b.format()));
  return { name, address: addresses[name], abi, reads: functions.filter(isRead), writes: functions.filter((fragment) => !isRead(fragment)) };
}

/** The address book's contracts, in its order (tokens first). */
export const CONSOLE_CONTRACTS: readonly ConsoleContract[] = ADDRESS_NAMES.map(consoleContract);

/** The contract at `address` (any case), to decode its logs. */
export function contractAt(address: string): ConsoleContract | undefined {
  const wanted = address.toLowerCase();
  return CONSOLE_CONTRACTS.find((contract) => contract.address.toLowerCase() === wanted);
}

/** Every custom error of every ABI, to decode a revert whichever contract it came from (a call
 *  may revert in a contract it calls). */
const ALL_ERRORS = new Interface(
  [...new Map(CONSOLE_CONTRACTS.flatMap((contract) => contract.abi.fragments.filter((fragment) => fragment.type === "error").map((fragment) => [fragment.format("full"), fragment] as const))).values()],
);

export interface DecodedRevert {
  name: string;
  args: { name: string; value: unknown; type: string }[];
}

/** The custom error (or Error(string), Panic(uint256)) that `data` encodes, if any ABI knows it. */
export function decodeRevertData(data: string): DecodedRevert | undefined {
  try {
    const parsed = ALL_ERRORS.parseError(data);
    if (!parsed) return undefined;
    return { name: parsed.name, args: parsed.fragment.inputs.map((input, i) => ({ name: input.name, type: input.type, value: parsed.args[i] })) };
  } catch {
    return undefined;
  }
}

export interface DecodedEvent {
  contract: string;
  name: string;
  args: { name: string; value: unknown; type: string }[];
}

/** A receipt's logs, each decoded with the ABI of the contract that emitted it; a log of a contract
 *  outside the address book, or of an event its ABI lacks, is told as such. */
export function decodeLogs(logs: readonly { address: string; topics: readonly string[]; data: string }[]): DecodedEvent[] {
  return logs.map((log) => {
    const contract = contractAt(log.address);
    const parsed = (() => {
      try {
        return contract?.abi.parseLog({ topics: [...log.topics], data: log.data }) ?? undefined;
      } catch {
        return undefined;
      }
    })();
    if (!contract || !parsed) return { contract: contract?.name ?? log.address, name: log.topics[0] ?? "", args: [] };
    return { contract: contract.name, name: parsed.name, args: parsed.fragment.inputs.map((input, i) => ({ name: input.name, type: input.type, value: parsed.args[i] })) };
  });
}

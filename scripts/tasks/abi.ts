/**
 * The product's ABIs (contracts-abi/, through the bindings typechain generated from them) as the
 * chain tasks read a call, an event or a revert: "Revenue.setDailyRate(dailyRateBps_: 200)", with
 * address-book names beside addresses and large integers in the exponent form the tasks take
 * (1000e18 is 1000 × 10^18).
 */
import { FunctionFragment, formatUnits, type ContractTransactionReceipt, type ContractTransactionResponse, type Interface, type Log, type ParamType, type Result } from "ethers";

import { GOVERNED_CONTRACTS, SWAP_ROUTES, type AddressBook } from "../../contracts-abi/product";
import {
  AccessManager__factory,
  Community__factory,
  ERC20__factory,
  Main__factory,
  MvMarket__factory,
  Revenue__factory,
  Swap__factory,
} from "../../typechain-types";
import { nameOf, named } from "./deployment";
import { refuse } from "./local-chain";

/** The contracts an owner change may call: the five the manager owns, and the manager itself (its roles and delays). */
export const OWNED_CONTRACTS = [...GOVERNED_CONTRACTS, "AccessManager"] as const;
export type OwnedContract = (typeof OWNED_CONTRACTS)[number];

const INTERFACES: Record<OwnedContract, Interface> = {
  Main: Main__factory.createInterface(),
  Revenue: Revenue__factory.createInterface(),
  Community: Community__factory.createInterface(),
  Swap: Swap__factory.createInterface(),
  MvMarket: MvMarket__factory.createInterface(),
  AccessManager: AccessManager__factory.createInterface(),
};
const ERC20 = ERC20__factory.createInterface();

export function interfaceOf(contract: OwnedContract): Interface {
  return INTERFACES[contract];
}

/** The interface for a contract of the address book: an owned contract's, or ERC-20's for a token. */
function interfaceAt(addresses: AddressBook, address: string): { name: string; abi: Interface } | undefined {
  const name = nameOf(addresses, address);
  if (!name) return undefined;
  return { name, abi: (INTERFACES as Record<string, Interface>)[name] ?? ERC20 };
}

/** The functions of `contract` that change something (reads left out). */
export function changesOf(contract: OwnedContract): FunctionFragment[] {
  return INTERFACES[contract].fragments.filter((fragment): fragment is FunctionFragment => FunctionFragment.isFragment(fragment) && !fragment.constant);
}

/** An integer: as it is, or as n e18 from 10^15 up, where it is most likely an amount of 18 decimals. */
export function integerText(value: bigint): string {
  if (value < 10n ** 15n) return value.toString();
  return `${formatUnits(value, 18).replace(/\.0$/, "")}e18`;
}

/** One decoded value, by its ABI type. */
function valueText(addresses: AddressBook, param: ParamType, value: unknown): string {
  if (param.isArray()) return `[${(value as unknown[]).map((item) => valueText(addresses, param.arrayChildren, item)).join(", ")}]`;
  if (param.isTuple()) return `(${param.components.map((component, i) => valueText(addresses, component, (value as Result)[i])).join(", ")})`;
  if (param.baseType === "address") return named(addresses, value as string);
  // Swap's functions take a route as its enum's value: its name says which.
  if (param.name === "route" && typeof value === "bigint" && value < BigInt(SWAP_ROUTES.length)) return `${value} (${SWAP_ROUTES[Number(value)].name})`;
  if (typeof value === "bigint") return integerText(value);
  return String(value);
}

/** Named values: "dailyRateBps_: 200, token: 0x… (X)". */
function argumentsText(addresses: AddressBook, params: readonly ParamType[], values: Result): string {
  return params.map((param, i) => `${param.name ? `${param.name}: ` : ""}${valueText(addresses, param, values[i])}`).join(", ");
}

/** A call as a line shows it: "Revenue.setDailyRate(dailyRateBps_: 200)"; the raw data when no ABI of the product reads it. */
export function describeCall(addresses: AddressBook, target: string, data: string): string {
  const contract = interfaceAt(addresses, target);
  const call = attempt(() => contract?.abi.parseTransaction({ data }));
  if (!contract || !call) return `${named(addresses, target)} with data ${data}`;
  return `${contract.name}.${call.name}(${argumentsText(addresses, call.fragment.inputs, call.args)})`;
}

/** The events of a receipt, one line each: "Revenue DailyRateSet(dailyRateBps: 200)". */
export function describeLogs(addresses: AddressBook, logs: readonly Log[]): string[] {
  return logs.map((log) => {
    const contract = interfaceAt(addresses, log.address);
    const event = attempt(() => contract?.abi.parseLog(log));
    if (!contract || !event) return `${named(addresses, log.address)} emitted an event no product ABI reads (topic ${log.topics[0]})`;
    return `${contract.name} ${event.name}(${argumentsText(addresses, event.fragment.inputs, event.args)})`;
  });
}

/** What `decode` returns, or undefined when the data does not decode (ethers throws on data its ABI entry cannot read). */
function attempt<T>(decode: () => T | null | undefined): T | undefined {
  try {
    return decode() ?? undefined;
  } catch {
    return undefined;
  }
}

/** Revert data found in an error ethers or Hardhat threw (it may be nested in `error`, `info` or `cause`). */
function revertData(error: unknown, depth = 0): string | undefined {
  if (typeof error !== "object" || error === null || depth > 4) return undefined;
  const record = error as Record<string, unknown>;
  if (typeof record.data === "string" && /^0x[0-9a-fA-F]{8}/.test(record.data)) return record.data;
  for (const key of ["data", "error", "info", "cause"]) {
    const found = revertData(record[key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Why a call reverted, as the product's ABIs name it: "RevenueInvalidConfig()"; else the error's own short message. */
export function revertOf(addresses: AddressBook, error: unknown): string {
  const data = revertData(error);
  for (const abi of [...Object.values(INTERFACES), ERC20]) {
    const parsed = data ? attempt(() => abi.parseError(data)) : null;
    if (parsed) return `${parsed.name}(${argumentsText(addresses, parsed.fragment.inputs, parsed.args)})`;
  }
  const { shortMessage, message } = error as { shortMessage?: string; message?: string };
  return (shortMessage ?? message ?? String(error)).split("\n")[0];
}

/** A contract method as the bindings give it: a call (`staticCall`) and a transaction (`send`). */
interface Method<A extends unknown[]> {
  staticCall(...args: A): Promise<unknown>;
  send(...args: A): Promise<ContractTransactionResponse>;
}

/**
 * Sends `method(args)` once the same call, made first from the same account, has not reverted; one
 * that would revert is refused with `refusal` of its decoded reason, and nothing is sent. (A node
 * that behaves as BNB Chain, as npm run dev's does, mines a reverting transaction, which costs gas
 * and keeps no reason.)
 */
export async function sendChecked<A extends unknown[]>(addresses: AddressBook, refusal: (reason: string) => string, method: Method<A>, ...args: A): Promise<ContractTransactionReceipt> {
  await method.staticCall(...args).catch((error: unknown) => refuse(refusal(revertOf(addresses, error))));
  return (await (await method.send(...args)).wait())!;
}

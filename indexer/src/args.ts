/**
 * What every event's arguments become in `event` (JSON-safe) and `event_party` (the accounts
 * named). The handlers read arguments typed from the ABIs (src/abis.generated.ts).
 */
import type { Address } from "viem";

/** An address in lower case, as the tables keep them and the routes match them. */
export function lower(address: Address): Address {
  return `0x${address.slice(2).toLowerCase()}`;
}

/** Every argument, JSON-safe: integers as decimal strings (small ones too: a uint8 is decoded as a
 *  number, a uint256 as a bigint, and a client should not care which), addresses in lower case,
 *  arrays kept. */
export function jsonArgs(args: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const plain = (value: unknown): unknown => {
    if (typeof value === "bigint" || typeof value === "number") return value.toString();
    if (typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value)) return value.toLowerCase();
    if (Array.isArray(value)) return value.map(plain);
    return value;
  };
  return Object.fromEntries(Object.entries(args).map(([name, value]) => [name, plain(value)]));
}

/** The accounts an event names (its address arguments), in lower case, once each. */
export function accountsIn(args: Readonly<Record<string, unknown>>): Address[] {
  const found = new Set<Address>();
  const visit = (value: unknown) => {
    if (typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value)) found.add(value.toLowerCase() as Address);
    else if (Array.isArray(value)) value.forEach(visit);
  };
  Object.values(args).forEach(visit);
  found.delete("0x0000000000000000000000000000000000000000");
  return [...found];
}

/**
 * Reading an event's arguments by name, checked: the ABIs are JSON (src/registry.ts), so a handler
 * says what type it expects and a mismatch throws with the event's name.
 */
import type { Address, Hex } from "viem";

import type { IndexedEvent } from "./registry";

export interface Args {
  address(name: string): Address;
  /** An unsigned integer of any size: viem decodes those of up to 48 bits (a uint32 nonce, a uint48 time) as numbers, larger ones as bigints. */
  uint(name: string): bigint;
  /** Bytes of any length (a bytes32 id, a call's data), in lower case. */
  bytes(name: string): Hex;
}

export function argsOf(event: IndexedEvent, label: string): Args {
  const read = (name: string, check: (value: unknown) => boolean, type: string): unknown => {
    const value = event.args[name];
    if (!check(value)) throw new Error(`${label}: argument '${name}' is not ${type} (${String(value)}); has the ABI changed?`);
    return value;
  };
  return {
    address: (name) => (read(name, (value) => typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value), "an address") as string).toLowerCase() as Address,
    uint: (name) =>
      BigInt(read(name, (value) => (typeof value === "bigint" && value >= 0n) || (typeof value === "number" && Number.isSafeInteger(value) && value >= 0), "an unsigned integer") as bigint | number),
    bytes: (name) => (read(name, (value) => typeof value === "string" && /^0x([0-9a-fA-F]{2})*$/.test(value), "bytes") as string).toLowerCase() as Hex,
  };
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

/**
 * What a developer types to a chain task, read strictly: an input that is not what it should be
 * stops the task with one sentence naming the option and an example, before anything is sent.
 * Amounts are in whole tokens (the token's decimals are applied here), addresses are checked
 * against their EIP-55 checksum, durations read "90s", "10m", "2h", "3d" or "1d12h".
 */
import { getAddress, isHexString, parseUnits } from "ethers";

import { refuse } from "./local-chain";

/** An address: 0x and 40 hex digits; a mixed-case one must match its checksum (EIP-55). */
export function parseAddress(raw: string, option: string): string {
  const value = raw.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) refuse(`${option} '${raw}' is not an address: give 0x and 40 hex digits, such as 0x70997970C51812dc3A010C7d01b50e0d17dc79C8.`);
  try {
    return getAddress(value);
  } catch {
    refuse(`${option} '${raw}' fails its checksum (EIP-55): a letter's case is wrong, so the address may be mistyped; copy it again.`);
  }
}

/** An amount of a token with `decimals` decimals, in whole tokens ("1000", "0.5"), more than 0. */
export function parseAmount(raw: string, decimals: number, option: string): bigint {
  const value = raw.trim();
  const fraction = value.split(".")[1] ?? "";
  if (!/^\d+(\.\d+)?$/.test(value) || fraction.length > decimals) {
    refuse(`${option} '${raw}' is not an amount: give a number of whole tokens such as 1000 or 0.5, with at most ${decimals} decimals and no separators.`);
  }
  const amount = parseUnits(value, decimals);
  if (amount === 0n) refuse(`${option} is 0: give more than nothing.`);
  return amount;
}

const SECONDS_PER = { s: 1, m: 60, h: 3_600, d: 86_400 } as const;

/** A duration: a number of seconds, or parts with units s, m, h, d ("90s", "2h", "3d", "1d 12h"). */
export function parseDuration(raw: string, option: string): number {
  const value = raw.replace(/\s/g, "").toLowerCase();
  if (/^\d+$/.test(value)) return positiveSeconds(Number(value), raw, option);
  if (!/^(\d+[smhd])+$/.test(value)) {
    refuse(`${option} '${raw}' is not a duration: give seconds, or parts with units s, m, h, d, such as 90s, 10m, 2h, 3d or 1d12h.`);
  }
  const parts = [...value.matchAll(/(\d+)([smhd])/g)];
  return positiveSeconds(parts.reduce((sum, [, count, unit]) => sum + Number(count) * SECONDS_PER[unit as keyof typeof SECONDS_PER], 0), raw, option);
}

function positiveSeconds(seconds: number, raw: string, option: string): number {
  if (seconds <= 0) refuse(`${option} '${raw}' must be more than 0 seconds.`);
  if (!Number.isSafeInteger(seconds)) refuse(`${option} '${raw}' is too long to count in seconds.`);
  return seconds;
}

/** A whole number of at least `min` ("10"). */
export function parseCount(raw: string, option: string, min = 1): number {
  const value = raw.trim();
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < min) refuse(`${option} '${raw}' is not a whole number of at least ${min}.`);
  return Number(value);
}

/** An id given by a node or the manager: 0x and hex digits (a prefix of it is enough where said). */
export function parseHexId(raw: string, option: string, example: string): string {
  const value = raw.trim().toLowerCase();
  if (!isHexString(value) || value.length < 3) refuse(`${option} '${raw}' is not an id: give 0x and hex digits, such as ${example}.`);
  return value;
}

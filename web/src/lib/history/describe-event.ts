/**
 * What an indexed event says to a user: its message key ('history.events.Revenue.Claimed' in the
 * activity catalogue) and the values it names, formatted. An event with no message of its own (one
 * added to a contract since) is still shown, by contract and name: the indexer records every event.
 */

import { SWAP_ROUTES } from "@product";

import { tokenSymbolOf } from "@/lib/contracts/contracts";
import { formatAmount, formatTime, shortAddress } from "@/lib/format/format";
import { checksummed, type ActivityRow } from "@/lib/history/history";

/** Arguments that are token amounts or prices (18 decimals), by the names the ABIs give them. */
const AMOUNTS = new Set(["amount", "usdValue", "acbAmount", "mvAmount", "usdtAmount", "amountIn", "amountOut", "cost", "price", "currentPrice", "newPrice", "paidUsd", "stillWaitingUsd", "reserveAcb", "totalBurned"]);
/** Arguments named as amounts that are whole numbers in an event ("Contract.Event.argument"). */
const WHOLE = new Set(["Community.PerformanceRecorded.amount"]);
/** Arguments that are times (seconds since 1970): an owner operation's `schedule` too. */
const TIMES = new Set(["effectiveAt", "endsAt", "schedule"]);
/** The argument that counts what an event's message names, by event: its message has a form per
 *  plural category (PerformanceRecorded_one, _other), picked by `count` ("of 1 inviter"). */
const COUNTS: Record<string, string> = { "Community.PerformanceRecorded": "generations", "Revenue.RecordsOut": "outCount" };
/** Shorter names the messages use. */
const ALIASES: Record<string, string> = { usdValue: "usd", acbAmount: "acb" };

const isWhole = (value: unknown): value is string => typeof value === "string" && /^\d+$/.test(value);

export interface EventText {
  key: string;
  /** Formatted arguments, and `count`, the number a counting message's form follows (COUNTS). */
  values: Record<string, string> & { count?: number };
}

/** `language` formats the times an event names (when a scheduled price applies); `hasKey` is asked
 *  with the count, for a message that has only plural forms. */
export function describeEvent(row: ActivityRow, hasKey: (key: string, count?: number) => boolean, language: string): EventText {
  const values: EventText["values"] = {};
  for (const [name, value] of Object.entries(row.args)) {
    const address = checksummed(value);
    const text = address
      ? (name === "token" && tokenSymbolOf(address)) || shortAddress(address)
      : AMOUNTS.has(name) && !WHOLE.has(`${row.contract}.${row.name}.${name}`) && isWhole(value)
        ? formatAmount(BigInt(value), 4)
        : TIMES.has(name) && isWhole(value)
          ? formatTime(new Date(Number(value) * 1000), language, "short")
          : String(value);
    values[name] = text;
    if (ALIASES[name]) values[ALIASES[name]] = text;
  }
  if (row.contract === "Swap") {
    const route = SWAP_ROUTES.find((candidate) => String(candidate.id) === row.args.route);
    if (route) Object.assign(values, { tokenIn: route.tokenIn, tokenOut: route.tokenOut });
  }
  const counted = row.args[COUNTS[`${row.contract}.${row.name}`] ?? ""];
  if (isWhole(counted)) values.count = Number(counted);
  const key = `history.events.${row.contract}.${row.name}`;
  return hasKey(`activity:${key}`, values.count) ? { key, values } : { key: "history.event", values: { contract: row.contract, name: row.name } };
}

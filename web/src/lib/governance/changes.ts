/**
 * What an owner operation changes, in the product's terms: the operation's call (decoded by the
 * indexer with the target's ABI) read as one kind of change with its new values. The pages show
 * the changes that touch their figures (`SCOPES`), with the value in force read from the chain
 * beside the new one (./terms.ts); the terms page shows them all.
 */
import { SWAP_ROUTES, type SwapRouteId } from "@product";

import { checksummed } from "@/lib/history/history";

import type { Operation } from "./operations";

export type Change =
  | { kind: "dailyRate"; rateBps: bigint }
  | { kind: "preachingRates"; ratesBps: readonly bigint[] }
  | { kind: "claimInterval"; seconds: bigint }
  | { kind: "maxGenerations"; generations: bigint }
  | { kind: "levels"; thresholds: readonly bigint[]; ratesBps: readonly bigint[]; directs: readonly bigint[] }
  | { kind: "dailyLimit"; route: SwapRouteId; limitUsd: bigint }
  | { kind: "marketConfig"; minOrder: bigint; maxFillsPerBuy: bigint }
  | { kind: "poolConfig"; luckyShareBps: bigint; maxShareBps: bigint; luckyDuration: bigint; roundDuration: bigint }
  | { kind: "priceGuard"; stepBps: bigint; delay: bigint }
  | { kind: "synthesisRule"; token: string; multiple: bigint; minimum: bigint; enabled: boolean }
  | { kind: "treasury"; treasury: string }
  | { kind: "price"; token: string; price: bigint }
  | { kind: "rescue"; holder: RescueHolder; token: string; to: string; amount: bigint }
  | { kind: "ownership"; contract: string; newOwner: string | null }
  | { kind: "role"; grant: boolean; roleId: bigint; account: string; delay: bigint }
  | { kind: "manager"; functionName: string }
  | { kind: "other"; contract: string | null; functionName: string | null };

export type ChangeKind = Change["kind"];

/** The contracts whose `rescue` sends tokens they hold to an address. */
export type RescueHolder = "Main" | "Swap" | "MvMarket";

/** The pages that say what is queued against their figures, and the terms page that says it all. */
export type Scope = "earnings" | "team" | "exchange" | "market" | "mining" | "home" | "terms";

/** A change of who owns the product or of the manager's settings can change anything: every page shows it. */
const EVERYWHERE: readonly ChangeKind[] = ["ownership", "role", "manager"];

/** Which changes each page shows (the terms page: all of them). */
export const SCOPES: Record<Exclude<Scope, "terms">, readonly ChangeKind[]> = {
  // The levels and the generations set the dynamic revenue My Earnings shows.
  earnings: ["dailyRate", "preachingRates", "claimInterval", "levels", "maxGenerations", ...EVERYWHERE],
  team: ["preachingRates", "levels", "maxGenerations", ...EVERYWHERE],
  exchange: ["dailyLimit", "rescue", "price", ...EVERYWHERE],
  market: ["marketConfig", "rescue", "price", ...EVERYWHERE],
  mining: ["poolConfig", "treasury", "synthesisRule", "priceGuard", "rescue", "price", ...EVERYWHERE],
  home: ["poolConfig", "treasury", "synthesisRule", "priceGuard", "rescue", "other", ...EVERYWHERE],
};

/** What narrows a page's changes to its own figures: the Swap route it exchanges on, the token it synthesises or prices with. */
export interface ScopeFocus {
  route?: SwapRouteId;
  /** Token addresses (checksummed or not) whose rule or price the page shows. */
  tokens?: readonly string[];
  /** The contract whose holdings a `rescue` must touch to matter here. */
  holder?: RescueHolder;
}

const uint = (value: unknown): bigint => {
  if (typeof value === "string" && /^\d+$/.test(value)) return BigInt(value);
  throw new Error(`governance: '${String(value)}' is not a whole number`);
};
const uints = (value: unknown): bigint[] => {
  if (!Array.isArray(value)) throw new Error("governance: not a list");
  return value.map(uint);
};
/** An address argument (the indexer keeps lower case), checksummed as the app shows addresses. */
const addressArg = (value: unknown): string => {
  const address = checksummed(value);
  if (address === undefined) throw new Error(`governance: '${String(value)}' is not an address`);
  return address;
};

/** The change an operation makes; `other` for a call this app has no words for (it is still listed). */
export function changeOf(operation: Operation): Change {
  const { contract, functionName: fn, args } = operation;
  const a = (name: string) => args[name];
  try {
    if (contract === "AccessManager") {
      if (fn === "grantRole" || fn === "revokeRole") {
        return { kind: "role", grant: fn === "grantRole", roleId: uint(a("roleId")), account: addressArg(a("account")), delay: fn === "grantRole" ? uint(a("executionDelay")) : 0n };
      }
      return { kind: "manager", functionName: fn ?? "?" };
    }
    if (fn === "transferOwnership") return { kind: "ownership", contract: contract ?? "?", newOwner: addressArg(a("newOwner")) };
    if (fn === "renounceOwnership") return { kind: "ownership", contract: contract ?? "?", newOwner: null };
    if (contract === "Revenue") {
      if (fn === "setDailyRate") return { kind: "dailyRate", rateBps: uint(a("dailyRateBps_")) };
      if (fn === "setPreachingRates") return { kind: "preachingRates", ratesBps: uints(a("ratesBps")) };
      if (fn === "setClaimInterval") return { kind: "claimInterval", seconds: uint(a("interval")) };
    }
    if (contract === "Community") {
      if (fn === "setMaxGenerations") return { kind: "maxGenerations", generations: uint(a("generations")) };
      if (fn === "configureLevels") return { kind: "levels", thresholds: uints(a("thresholds")), ratesBps: uints(a("ratesBps")), directs: uints(a("directs")) };
    }
    if (contract === "Swap" && fn === "setDailyLimit") {
      const route = SWAP_ROUTES.find((candidate) => String(candidate.id) === a("route"));
      if (route) return { kind: "dailyLimit", route: route.id, limitUsd: uint(a("dailyLimitUsd")) };
    }
    if (contract === "MvMarket" && fn === "setMarketConfig") return { kind: "marketConfig", minOrder: uint(a("minOrder_")), maxFillsPerBuy: uint(a("maxFillsPerBuy_")) };
    if (contract === "Main") {
      if (fn === "setPoolConfig") {
        return { kind: "poolConfig", luckyShareBps: uint(a("luckyShareBps")), maxShareBps: uint(a("maxShareBps")), luckyDuration: uint(a("luckyDuration")), roundDuration: uint(a("roundDuration")) };
      }
      if (fn === "setPriceGuard") return { kind: "priceGuard", stepBps: uint(a("stepBps")), delay: uint(a("delay")) };
      if (fn === "setSynthesisRule") return { kind: "synthesisRule", token: addressArg(a("token")), multiple: uint(a("multiple")), minimum: uint(a("minimum")), enabled: a("enabled") === true };
      if (fn === "setTreasury") return { kind: "treasury", treasury: addressArg(a("treasury_")) };
      if (fn === "setPrice") return { kind: "price", token: addressArg(a("token")), price: uint(a("price")) };
    }
    if ((contract === "Main" || contract === "Swap" || contract === "MvMarket") && fn === "rescue") {
      return { kind: "rescue", holder: contract, token: addressArg(a("token")), to: addressArg(a("to")), amount: uint(a("amount")) };
    }
  } catch {
    // Arguments not as the ABI names them (a newer ABI than this app's): said as a call, not guessed at.
  }
  return { kind: "other", contract, functionName: fn };
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether `change` touches the figures of a page of `scope`, narrowed by `focus`. */
export function concerns(change: Change, scope: Scope, focus: ScopeFocus = {}): boolean {
  if (scope === "terms") return true;
  if (!SCOPES[scope].includes(change.kind)) return false;
  if (change.kind === "dailyLimit" && focus.route !== undefined) return change.route === focus.route;
  if ((change.kind === "synthesisRule" || change.kind === "price") && focus.tokens) return focus.tokens.some((token) => same(token, change.token));
  if (change.kind === "rescue" && focus.holder) return change.holder === focus.holder;
  return true;
}

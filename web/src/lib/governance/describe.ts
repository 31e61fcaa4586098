/**
 * A queued change in words: its message in the governance catalogue ('changes.dailyRate') with the
 * value in force (`terms`, read from the chain) and the one it sets, formatted; and, where the page
 * has the member's own figures (`viewer`), what it does to them ('effects.dailyRevenue'). Pure: the
 * widget that shows it passes the translator and the formats of its language.
 */
import { SWAP_ROUTES } from "@product";

import { tokenSymbolOf } from "@/lib/contracts/contracts";
import { formatAmount, groupDigits, shortAddress } from "@/lib/format/format";

import type { Change } from "./changes";
import type { Coverage } from "./coverage";
import { BPS, dailyMachineRevenue, settledPerformance, vipLevelOf, vipRateOf } from "./effects";
import { holdingKey, routeTerms, ruleOf, type CurrentTerms } from "./terms";

/** A message of the governance catalogue, its values, and the values that are addresses (shown as links). */
export interface Sentence {
  key: string;
  values: Record<string, string>;
  addresses?: Record<string, string>;
}

export interface Formats {
  /** The governance catalogue's translator. */
  t: (key: string, values?: Record<string, unknown>) => string;
  /** Seconds as the user's language says a duration ("10 min", "1 day"). */
  duration: (seconds: bigint) => string;
}

/** The member's own figures, on the pages that have them. */
export interface Viewer {
  /** Whole USD of the member's records still earning (My Earnings). */
  activeValue?: bigint;
  /** Team performance, and what of it was gained today (My Team). */
  teamPerformance?: bigint;
  teamPerformanceToday?: bigint;
}

/** Basis points as a percentage: 100 is "1%", 50 "0.5%", 1,000 "10%". */
export function percent(bps: bigint): string {
  // A basis point is a hundredth of a percent.
  const fraction = String(bps % 100n).padStart(2, "0").replace(/0+$/, "");
  return `${groupDigits(bps / 100n)}${fraction ? `.${fraction}` : ""}%`;
}

const list = (items: readonly string[]) => items.join(" / ");
const usd = (value: bigint) => formatAmount(value, 4);
const tokenName = (token: string) => tokenSymbolOf(token) ?? shortAddress(token);

/** The changes said without a value in force to start from: who owns, who may act, other calls. */
type SaidAlone = Extract<Change, { kind: "ownership" | "role" | "manager" | "other" }>;

function saidAlone(change: SaidAlone, { t, duration }: Formats): Sentence {
  switch (change.kind) {
    case "ownership":
      return change.newOwner === null
        ? { key: "changes.renounce", values: { contract: change.contract } }
        : { key: "changes.ownership", values: { contract: change.contract }, addresses: { to: change.newOwner } };
    case "role": {
      const role = change.roleId === 0n ? t("roles.admin") : change.roleId === 1n ? t("roles.priceSetter") : t("roles.other", { id: String(change.roleId) });
      return change.grant
        ? { key: "changes.grantRole", values: { role, delay: change.delay === 0n ? t("changes.atOnce") : duration(change.delay) }, addresses: { account: change.account } }
        : { key: "changes.revokeRole", values: { role }, addresses: { account: change.account } };
    }
    case "manager":
      return { key: "changes.manager", values: { call: change.functionName } };
    case "other":
      return { key: "changes.other", values: { call: `${change.contract ?? "?"}.${change.functionName ?? "?"}` } };
  }
}

/** `change` as a sentence: from the value in force to the one it sets. */
export function describeChange(change: Change, terms: CurrentTerms, holdings: Readonly<Record<string, bigint>> | undefined, f: Formats): Sentence {
  const { t, duration } = f;
  switch (change.kind) {
    case "dailyRate":
      return { key: "changes.dailyRate", values: { from: percent(terms.dailyRateBps), to: percent(change.rateBps) } };
    case "preachingRates":
      return { key: "changes.preachingRates", values: { from: list(terms.preachingRatesBps.map(percent)), to: list(change.ratesBps.map(percent)) } };
    case "claimInterval":
      return { key: "changes.claimInterval", values: { from: duration(terms.claimInterval), to: duration(change.seconds) } };
    case "maxGenerations":
      return { key: "changes.maxGenerations", values: { from: groupDigits(terms.maxGenerations), to: groupDigits(change.generations) } };
    case "levels":
      return {
        key: "changes.levels",
        values: {
          fromThresholds: list(terms.vipThresholds.map(groupDigits)),
          toThresholds: list(change.thresholds.map(groupDigits)),
          fromRates: list(terms.vipRatesBps.map(percent)),
          toRates: list(change.ratesBps.map(percent)),
          fromDirects: list(terms.sLevelDirects.map(groupDigits)),
          toDirects: list(change.directs.map(groupDigits)),
        },
      };
    case "dailyLimit": {
      const route = SWAP_ROUTES[change.route];
      const limit = (value: bigint) => (value === 0n ? t("changes.noLimit") : `${formatAmount(value, 2)} USD`);
      return { key: "changes.dailyLimit", values: { tokenIn: route.tokenIn, tokenOut: route.tokenOut, from: limit(routeTerms(terms, change.route).dailyLimitUsd), to: limit(change.limitUsd) } };
    }
    case "marketConfig":
      return {
        key: "changes.marketConfig",
        values: { fromMin: formatAmount(terms.minOrder, 4), toMin: formatAmount(change.minOrder, 4), fromFills: groupDigits(terms.maxFillsPerBuy), toFills: groupDigits(change.maxFillsPerBuy) },
      };
    case "poolConfig": {
      const now = terms.poolConfig;
      return {
        key: "changes.poolConfig",
        values: {
          fromLucky: percent(now.luckyShareBps),
          toLucky: percent(change.luckyShareBps),
          fromMax: percent(now.maxShareBps),
          toMax: percent(change.maxShareBps),
          fromLuckyDuration: duration(now.luckyDuration),
          toLuckyDuration: duration(change.luckyDuration),
          fromRound: duration(now.roundDuration),
          toRound: duration(change.roundDuration),
        },
      };
    }
    case "priceGuard":
      return {
        key: "changes.priceGuard",
        values: { fromStep: percent(terms.priceGuard.stepBps), fromDelay: duration(terms.priceGuard.delay), toStep: percent(change.stepBps), toDelay: duration(change.delay) },
      };
    case "synthesisRule": {
      const rule = ruleOf(terms, change.token);
      const was = rule?.enabled ?? false;
      const state = was === change.enabled ? (was ? "stillOpen" : "stillClosed") : change.enabled ? "opens" : "closes";
      return {
        key: "changes.synthesisRule",
        values: {
          token: tokenName(change.token),
          fromMultiple: rule ? groupDigits(rule.multiple) : "—",
          toMultiple: groupDigits(change.multiple),
          fromMinimum: rule ? groupDigits(rule.minimum) : "—",
          toMinimum: groupDigits(change.minimum),
          state: t(`changes.synthesis.${state}`),
        },
      };
    }
    case "treasury":
      return { key: "changes.treasury", values: {}, addresses: { from: terms.treasury, to: change.treasury } };
    case "price": {
      const rule = ruleOf(terms, change.token);
      return { key: "changes.price", values: { token: tokenName(change.token), from: rule ? formatAmount(rule.price, 6) : "—", to: formatAmount(change.price, 6) } };
    }
    case "rescue": {
      const symbol = tokenSymbolOf(change.token);
      const holder = t(`holders.${change.holder}`);
      const held = symbol ? holdings?.[holdingKey(symbol, change.holder)] : undefined;
      if (!symbol || held === undefined) return { key: "changes.rescueToken", values: { amount: formatAmount(change.amount, 4), token: tokenName(change.token), holder }, addresses: { to: change.to } };
      const left = held > change.amount ? held - change.amount : 0n;
      return { key: "changes.rescue", values: { amount: formatAmount(change.amount, 4), token: symbol, holder, from: formatAmount(held, 4), left: formatAmount(left, 4) }, addresses: { to: change.to } };
    }
    case "ownership":
    case "role":
    case "manager":
    case "other":
      return saidAlone(change, f);
  }
}

/** What `change` does to the member's own figures, when the page has them and it does something to them. */
export function effectOf(change: Change, terms: CurrentTerms, viewer: Viewer): Sentence | undefined {
  if (change.kind === "dailyRate" && viewer.activeValue !== undefined && viewer.activeValue > 0n) {
    const { activeValue } = viewer;
    return { key: "effects.dailyRevenue", values: { from: usd(dailyMachineRevenue(activeValue, terms.dailyRateBps)), to: usd(dailyMachineRevenue(activeValue, change.rateBps)) } };
  }
  if (change.kind === "levels" && viewer.teamPerformance !== undefined) {
    const performance = settledPerformance(viewer.teamPerformance, viewer.teamPerformanceToday ?? 0n);
    const from = vipLevelOf(performance, terms.vipThresholds);
    const to = vipLevelOf(performance, change.thresholds);
    const values = { from: String(from), to: String(to), fromRate: percent(vipRateOf(from, terms.vipRatesBps)), toRate: percent(vipRateOf(to, change.ratesBps)) };
    return { key: from === to ? "effects.vipLevelSame" : "effects.vipLevel", values };
  }
  return undefined;
}

/** Revenue's coverage (`coverage()`: what claims paid ever plus the reserve's worth, over that plus
 *  the promise) in basis points, rounded down; 10,000 when nothing is short. */
export function coverageBps([coveredUsd, owedUsd]: Coverage): bigint {
  if (owedUsd === 0n || coveredUsd >= owedUsd) return BPS;
  return (coveredUsd * BPS) / owedUsd;
}

/** What a past change set, without the value it replaced (the chain keeps no past terms): one line
 *  per term ('Daily rate of machine revenue: 0.5%'), or the change's own sentence where it has no "from". */
export function appliedOf(change: Change, f: Formats): Sentence[] {
  const { t, duration } = f;
  const set = (what: string, value: string): Sentence => ({ key: "past.set", values: { what: t(what), value } });
  switch (change.kind) {
    case "dailyRate":
      return [set("terms.dailyRate", percent(change.rateBps))];
    case "preachingRates":
      return [set("terms.preaching", list(change.ratesBps.map(percent)))];
    case "claimInterval":
      return [set("terms.claimInterval", duration(change.seconds))];
    case "maxGenerations":
      return [set("terms.generations", groupDigits(change.generations))];
    case "levels":
      return [set("terms.vipThresholds", list(change.thresholds.map(groupDigits))), set("terms.vipRates", list(change.ratesBps.map(percent))), set("terms.sLevels", list(change.directs.map(groupDigits)))];
    case "dailyLimit": {
      const route = SWAP_ROUTES[change.route];
      const what = t("past.route", { tokenIn: route.tokenIn, tokenOut: route.tokenOut });
      return [{ key: "past.set", values: { what, value: change.limitUsd === 0n ? t("changes.noLimit") : `${formatAmount(change.limitUsd, 2)} USD` } }];
    }
    case "marketConfig":
      return [set("terms.minOrder", `${formatAmount(change.minOrder, 4)} MV`), set("terms.maxFills", groupDigits(change.maxFillsPerBuy))];
    case "poolConfig":
      return [
        set("terms.luckyShare", percent(change.luckyShareBps)),
        set("terms.maxShare", percent(change.maxShareBps)),
        set("terms.luckyDuration", duration(change.luckyDuration)),
        set("terms.roundDuration", duration(change.roundDuration)),
      ];
    case "priceGuard":
      return [set("terms.priceGuard", t("terms.guard", { step: percent(change.stepBps), delay: duration(change.delay) }))];
    case "synthesisRule":
      return [{ key: "past.synthesisRule", values: { token: tokenName(change.token), multiple: groupDigits(change.multiple), minimum: groupDigits(change.minimum), state: t(change.enabled ? "past.open" : "past.closed") } }];
    case "treasury":
      return [{ key: "past.set", values: { what: t("terms.treasury") }, addresses: { value: change.treasury } }];
    case "price":
      return [{ key: "past.set", values: { what: t("past.price", { token: tokenName(change.token) }), value: formatAmount(change.price, 6) } }];
    case "rescue":
      return [{ key: "changes.rescueToken", values: { amount: formatAmount(change.amount, 4), token: tokenName(change.token), holder: t(`holders.${change.holder}`) }, addresses: { to: change.to } }];
    default:
      return [saidAlone(change, f)];
  }
}

/**
 * The terms in force, read from the chain (one batch with whatever else the page reads): what an
 * owner change would change, so that a queued one is said as "from what is in force to what it
 * sets" (./describe.ts), and what the terms page lists. The manager's own views (its expiration,
 * a member's delay) come from contracts-abi/AccessManager.json (`virtual:read-abi/AccessManager`), read here only, so its ABI stays
 * out of the first download.
 */
import type { SwapRouteId, TokenSymbol } from "@product";
import type { AccessManager } from "@typechain/index";

import managerAbi from "virtual:read-abi/AccessManager";

import { addresses } from "@/config/addresses";
import { read, type ReadCall } from "@/lib/contracts/batch";
import { contractHandle, contracts, tokenSymbolOf, type ContractHandle } from "@/lib/contracts/contracts";
import { pageContracts } from "@/lib/contracts/page-contracts";
import type { ReadViewOf } from "@/lib/contracts/read-views";
import { useChainQuery } from "@/lib/contracts/use-chain-query";

import type { Change } from "./changes";

/** The AccessManager, for its views. */
export const manager: ContractHandle<AccessManager, ReadViewOf<"AccessManager">> = contractHandle("AccessManager", managerAbi);

function termReads() {
  return {
    dailyRateBps: read(contracts.revenue, "dailyRateBps"),
    preachingRatesBps: read(contracts.revenue, "preachingRatesBps"),
    claimInterval: read(contracts.revenue, "claimInterval"),
    maxGenerations: read(pageContracts.community, "maxGenerations"),
    vipThresholds: read(pageContracts.community, "vipThresholds"),
    vipRatesBps: read(pageContracts.community, "vipRatesBps"),
    sLevelDirects: read(pageContracts.community, "sLevelDirects"),
    poolConfig: read(contracts.main, "poolConfig"),
    priceGuard: read(contracts.main, "priceGuard"),
    pendingPriceGuard: read(contracts.main, "pendingPriceGuard"),
    treasury: read(contracts.main, "treasury"),
    tokenRules: read(contracts.main, "tokenRules"),
    minOrder: read(pageContracts.market, "minOrder"),
    maxFillsPerBuy: read(pageContracts.market, "maxFillsPerBuy"),
    route0: read(pageContracts.swap, "routeInfo", 0),
    route1: read(pageContracts.swap, "routeInfo", 1),
    route2: read(pageContracts.swap, "routeInfo", 2),
    route3: read(pageContracts.swap, "routeInfo", 3),
    route4: read(pageContracts.swap, "routeInfo", 4),
    ownerOfMain: read(contracts.main, "owner"),
    ownerOfRevenue: read(contracts.revenue, "owner"),
    ownerOfCommunity: read(pageContracts.community, "owner"),
    ownerOfSwap: read(pageContracts.swap, "owner"),
    ownerOfMarket: read(pageContracts.market, "owner"),
    expiration: read(manager, "expiration"),
  };
}

type TermReads = ReturnType<typeof termReads>;
export type CurrentTerms = { [K in keyof TermReads]: TermReads[K] extends ReadCall<infer R> ? R : never };

/** Every term an owner change can change, as the chain says it now; nothing read while `enabled` is false. */
export function useCurrentTerms(enabled = true) {
  return useChainQuery(enabled ? "governance:terms" : null, termReads);
}

/** A Swap route's terms as `terms` holds them. */
export function routeTerms(terms: CurrentTerms, route: SwapRouteId) {
  return [terms.route0, terms.route1, terms.route2, terms.route3, terms.route4][route];
}

/** The rule of `token` (an address) in force; undefined for a token Main has no rule for. */
export function ruleOf(terms: CurrentTerms, token: string) {
  return terms.tokenRules.find((rule) => rule.token.toLowerCase() === token.toLowerCase());
}

/** Each product contract with its owner, in the address book's order. */
export function ownersOf(terms: CurrentTerms): { contract: string; owner: string }[] {
  return [
    { contract: "Main", owner: terms.ownerOfMain },
    { contract: "Revenue", owner: terms.ownerOfRevenue },
    { contract: "Community", owner: terms.ownerOfCommunity },
    { contract: "Swap", owner: terms.ownerOfSwap },
    { contract: "MvMarket", owner: terms.ownerOfMarket },
  ];
}

/** What `rescue` changes hold: the balance of each rescued token the holder has now, keyed `<symbol>@<holder>`. */
export const holdingKey = (symbol: TokenSymbol, holder: string) => `${symbol}@${holder}`;

/** The holdings a rescue would take from, read from the chain (a token of the address book only). */
export function useRescuedHoldings(changes: readonly Change[]) {
  const reads: Record<string, ReadCall<bigint>> = {};
  for (const change of changes) {
    if (change.kind !== "rescue") continue;
    const symbol = tokenSymbolOf(change.token);
    if (symbol) reads[holdingKey(symbol, change.holder)] = read(contracts.tokens[symbol], "balanceOf", addresses[change.holder]);
  }
  const keys = Object.keys(reads).sort();
  return useChainQuery(keys.length > 0 ? `governance:holdings:${keys.join()}` : null, () => reads).data as Record<string, bigint> | undefined;
}

/** The admin's delay as the manager has it: the delay in force, and a new one (a decrease waits) with when it applies. */
export function useMemberAccess(roleId: bigint, account: string | null) {
  return useChainQuery(account ? `governance:access:${roleId}:${account}` : null, () => ({ access: read(manager, "getAccess", roleId, account!) }));
}

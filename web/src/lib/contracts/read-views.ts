/**
 * The views the app reads, by contract (contracts-abi/<name>.json). The read ABIs the browser gets
 * keep these only (web/build/compact-abi.ts): half of the contracts' views (owner, the addresses of
 * the other contracts, what only the owner's tools or the console ask) are never read by a screen,
 * and the first download does without them. `read()` takes no other view (lib/contracts/batch.ts):
 * a view missing here is a type error, never a read that fails in a user's browser. The contracts
 * console reads any view through the full ABIs (lib/contracts/full-abis.ts).
 */
export const READ_VIEWS = {
  Main: [
    "luckyPool",
    "maxHashrate",
    "maxPool",
    "owner",
    "pendingPrice",
    "pendingPriceGuard",
    "poolConfig",
    "powerOf",
    "priceGuard",
    "priceOf",
    "recordCount",
    "recordsOf",
    "tokenRule",
    "tokenRules",
    "totalAcbBurned",
    "treasury",
  ],
  Revenue: [
    "backing",
    "claimInterval",
    "claimableUsd",
    "coverage",
    "dailyRateBps",
    "earningsOf",
    "finishedCount",
    "maxOutPerCall",
    "outCount",
    "outMultiple",
    "owner",
    "preachingRatesBps",
  ],
  // `main`: whether an address is a product contract (features/links/api/use-settler-kind.ts).
  Community: ["directMembers", "isRegistered", "main", "maxGenerations", "memberInfo", "owner", "sLevelDirects", "settlerOf", "vipRatesBps", "vipThresholds"],
  MvMarket: ["maxFillsPerBuy", "minOrder", "mvForSale", "orderCount", "orderCountOf", "orders", "ordersOf", "owner", "previewBuy", "queuedOrders", "quoteBuy"],
  Swap: ["maxExchangeable", "owner", "routeInfo", "usedToday"],
  ERC20: ["allowance", "balanceOf"],
  AccessManager: ["expiration", "getAccess"],
  // What a batch of reads calls: aggregate3 (payable by design) and the block's number and time.
  Multicall3: ["aggregate3", "getBlockNumber", "getCurrentBlockTimestamp"],
} as const;

export type ReadAbiName = keyof typeof READ_VIEWS;
/** The views of contract `N` that the app reads. */
export type ReadViewOf<N extends ReadAbiName> = (typeof READ_VIEWS)[N][number];

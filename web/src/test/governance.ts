/**
 * The owner's operations as the indexer sends them (indexer/src/api/governance.ts), and the terms
 * in force as the chain answers them, for the screen tests of the governance notices and the terms
 * page.
 */
import { parseEther } from "ethers/utils";

import { addresses } from "@/config/addresses";

import type { ChainAnswers } from "./chain-stub";

/** The deployer: the manager's admin and price setter. */
export const ADMIN = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** The chain's time in the stub (test/rpc-mock.ts): a schedule after it is still to come. */
export const CHAIN_NOW = 1_800_000_000;

/** The terms a fresh deployment has (scripts/lib/deploy-defaults.ts), the manager owning all five contracts. */
export const TERMS: ChainAnswers = {
  Revenue: { dailyRateBps: 100n, preachingRatesBps: [1000n, 500n, 300n], claimInterval: 60n, owner: addresses.AccessManager },
  Community: {
    maxGenerations: 20n,
    vipThresholds: [10_000n, 50_000n, 200_000n, 1_000_000n, 5_000_000n],
    vipRatesBps: [200n, 400n, 600n, 800n, 1000n],
    sLevelDirects: [1n, 3n, 5n],
    owner: addresses.AccessManager,
  },
  Main: {
    poolConfig: [500n, 500n, 600n, 86_400n],
    priceGuard: [1000n, 86_400n],
    pendingPriceGuard: [0n, 0n, 0n],
    treasury: ADMIN,
    tokenRules: [{ token: addresses.X, price: parseEther("0.5"), multiple: 20n, minimum: 20n, enabled: true }],
    owner: addresses.AccessManager,
  },
  MvMarket: { minOrder: parseEther("100"), maxFillsPerBuy: 50n, owner: addresses.AccessManager },
  Swap: {
    routeInfo: (route: bigint) => ({
      route,
      tokenIn: addresses.MV,
      tokenOut: addresses.X,
      priceIn: parseEther("1"),
      priceOut: parseEther("0.5"),
      dailyLimitUsd: [parseEther("1000"), parseEther("1000"), parseEther("1000"), parseEther("500"), 0n][Number(route)],
      liquidity: parseEther("5000000"),
    }),
    owner: addresses.AccessManager,
  },
  AccessManager: { expiration: 604_800n, getAccess: [1n, 600n, 0n, 0n] },
};

/** `answers` with the terms under them: per contract, a method `answers` gives wins. */
export function withTerms(answers: ChainAnswers = {}): ChainAnswers {
  const merged: ChainAnswers = { ...TERMS };
  for (const [name, methods] of Object.entries(answers)) merged[name as keyof ChainAnswers] = { ...TERMS[name as keyof ChainAnswers], ...methods };
  return merged;
}

let nextPosition = 100;

/** An operation row: a daily-rate cut to 0.5%, scheduled to be executable 10 minutes after the chain's now, unless told otherwise. */
export function operationRow(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const position = nextPosition++;
  const schedule = Number(overrides.schedule ?? CHAIN_NOW + 600);
  return {
    id: `0x${position.toString(16).padStart(64, "0")}:1`,
    operationId: `0x${position.toString(16).padStart(64, "0")}`,
    nonce: 1,
    caller: ADMIN.toLowerCase(),
    target: addresses.Revenue.toLowerCase(),
    contract: "Revenue",
    data: "0x",
    functionName: "setDailyRate",
    args: { dailyRateBps_: "50" },
    status: "scheduled",
    position: String(position * 1_000_000),
    blockNumber: String(position),
    time: String(CHAIN_NOW - 10),
    txHash: `0x${position.toString(16).padStart(64, "a")}`,
    closedTime: null,
    closedBlockNumber: null,
    closedTxHash: null,
    ...overrides,
    schedule: String(schedule),
    expiresAt: String(schedule + 604_800),
  };
}

/** The manager's admin, as the roles route names it. */
export const ROLES_ROW = { roleId: "0", account: ADMIN.toLowerCase(), executionDelay: "600", since: "1", position: "1000000", time: "1700000000", txHash: `0x${"2".repeat(64)}` };

/** The moment `seconds` as the notices say it, in English, in the device's time zone and in UTC. */
export function sayWhen(seconds: number): { local: string; utc: string } {
  const date = new Date(seconds * 1000);
  const style = { dateStyle: "medium", timeStyle: "short" } as const;
  return { local: date.toLocaleString("en", style), utc: date.toLocaleString("en", { ...style, timeZone: "UTC" }) };
}

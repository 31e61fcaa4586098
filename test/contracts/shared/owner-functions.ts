/**
 * Every owner function of the product contracts, with valid arguments: what the manager governs
 * (docs/decisions/governance.md). Ownership.test.ts and Governance.test.ts walk it.
 */
import { parseEther } from "ethers";
import type { BaseContract, ContractTransactionResponse } from "ethers";

import type { Fixture } from "./fixtures";
import type { Governed } from "./governed";

export type OwnerFunction = [name: string, call: (f: Fixture) => [contract: keyof Governed, method: string, args: unknown[]]];

export const OWNER_FUNCTIONS: OwnerFunction[] = [
  ["Main.setPrice", (f) => ["main", "setPrice", [f.addresses.X, parseEther("0.55")]]],
  ["Main.setSynthesisRule", (f) => ["main", "setSynthesisRule", [f.addresses.X, 20n, 40n, true]]],
  ["Main.setPoolConfig", () => ["main", "setPoolConfig", [100n, 100n, 60n, 3_600n]]],
  ["Main.setTreasury", (f) => ["main", "setTreasury", [f.alice.address]]],
  ["Main.setPriceGuard", () => ["main", "setPriceGuard", [500n, 2n * 86_400n]]],
  ["Main.rescue", (f) => ["main", "rescue", [f.addresses.USDT, f.alice.address, 1n]]],
  ["Swap.rescue", (f) => ["swap", "rescue", [f.addresses.X, f.alice.address, 1n]]],
  ["MvMarket.rescue", (f) => ["market", "rescue", [f.addresses.MV, f.alice.address, 0n]]],
  ["Revenue.setDailyRate", () => ["revenue", "setDailyRate", [200n]]],
  ["Revenue.setPreachingRates", () => ["revenue", "setPreachingRates", [[100n, 50n, 30n]]]],
  ["Revenue.setClaimInterval", () => ["revenue", "setClaimInterval", [120n]]],
  ["Community.setMaxGenerations", () => ["community", "setMaxGenerations", [10n]]],
  ["Community.configureLevels", () => ["community", "configureLevels", [[1n, 2n, 3n, 4n, 5n], [10n, 20n, 30n, 40n, 50n], [1n, 2n, 3n]]]],
  ["Swap.setDailyLimit", () => ["swap", "setDailyLimit", [0n, parseEther("5")]]],
  ["MvMarket.setMarketConfig", () => ["market", "setMarketConfig", [parseEther("2"), 10n]]],
  ["Main.transferOwnership", (f) => ["main", "transferOwnership", [f.alice.address]]],
  ["Revenue.transferOwnership", (f) => ["revenue", "transferOwnership", [f.alice.address]]],
  ["Community.transferOwnership", (f) => ["community", "transferOwnership", [f.alice.address]]],
  ["Swap.transferOwnership", (f) => ["swap", "transferOwnership", [f.alice.address]]],
  ["MvMarket.transferOwnership", (f) => ["market", "transferOwnership", [f.alice.address]]],
];

/** Calls `method` of `contract` (a contract, or its governed view) with `args`. */
export function callMethod(contract: BaseContract, method: string, args: unknown[]): Promise<ContractTransactionResponse> {
  const fn = (contract as unknown as Record<string, (...args: unknown[]) => Promise<ContractTransactionResponse>>)[method];
  return fn(...args);
}

/**
 * BNB Chain as Hardhat needs it (the hardforks, forking, which networks are local), for the
 * Hardhat config, deploy, the chain tasks and the tests. The chain id and the mainnet addresses
 * are the product's facts (contracts-abi/product.ts).
 */
import { MAINNET_ADDRESSES, type MainnetName } from "../../contracts-abi/product";

/** Networks that are this machine's own chain (a fork included): the only ones where the
 *  governance delay may be short (governance.ts) and the chain tasks run (scripts/tasks/). */
export function isLocalNetwork(networkName: string): boolean {
  return networkName === "hardhat" || networkName === "localhost";
}

/** Whether `name` is one of the contracts the local chain keeps at its mainnet address. */
export function hasMainnetAddress(name: string): name is MainnetName {
  return Object.hasOwn(MAINNET_ADDRESSES, name);
}

/**
 * Which Ethereum hardfork rules BNB Chain follows from which block. Hardhat needs this to replay
 * calls against a fork at a historical block. Berlin and London arrived together at the Hertz
 * hardfork (a block-based fork). Later forks are time-based on BNB Chain (Kepler: Shanghai,
 * 2024-01-23; Haber: Cancun, 2024-06-20; Pascal: Prague, 2025-03-20); their block numbers here are
 * close to, not exactly at, the activation time, which only matters when forking within a few
 * thousand blocks of a transition.
 */
export const bscHardforkHistory: Record<string, number> = {
  muirGlacier: 0,
  berlin: 31_302_048,
  london: 31_302_048,
  shanghai: 35_490_444,
  cancun: 39_769_787,
  prague: 47_618_307,
};

/** A recent block after every hardfork above: forks are pinned so that runs are repeatable and cached. */
export const DEFAULT_FORK_BLOCK = 50_000_000;

/**
 * Forking is switched on by BSC_FORK_URL only (BSC_FORK_BLOCK pins another block, or "latest"
 * for the upstream's head: `blockNumber` is then left out, and the local stack pins the head it
 * finds, scripts/lib/fork-check.ts). Without it the chain is local and needs no network at all,
 * which is what tests and CI rely on.
 */
export function forkingConfig(env: NodeJS.ProcessEnv): { url: string; blockNumber?: number; enabled: true } | undefined {
  const url = env.BSC_FORK_URL?.trim();
  if (!url) return undefined;
  const rawBlock = env.BSC_FORK_BLOCK?.trim();
  if (rawBlock?.toLowerCase() === "latest") return { url, enabled: true };
  const blockNumber = rawBlock ? Number(rawBlock) : DEFAULT_FORK_BLOCK;
  if (!Number.isSafeInteger(blockNumber) || blockNumber <= 0) {
    throw new Error(`BSC_FORK_BLOCK must be a positive block number or "latest", got "${rawBlock}".`);
  }
  return { url, blockNumber, enabled: true };
}

/**
 * The parameters of `hardhat_reset` that bring the chain back to what the configuration asks for:
 * the same fork when one is asked for (a reset with none drops the fork and leaves a plain chain).
 */
export function resetParams(env: NodeJS.ProcessEnv): [] | [{ forking: { jsonRpcUrl: string; blockNumber?: number } }] {
  const fork = forkingConfig(env);
  if (!fork) return [];
  return [{ forking: { jsonRpcUrl: fork.url, ...(fork.blockNumber === undefined ? {} : { blockNumber: fork.blockNumber }) } }];
}

/**
 * When the contract tests are asked to run on a fork (BSC_FORK_URL), every test must run on it: a
 * test that resets the chain without the fork's parameters goes on on a plain chain and proves
 * nothing about BNB Chain's contracts (docs/operations.md §2). Mocha root hooks, given to Mocha by
 * hardhat.config.ts: after each test the chain must still be a fork of chain 56 at the asked block;
 * at the end the run fails naming each test that was not, and checks that USDT, USDC and Multicall3
 * are still the upstream's at their addresses. It prints what it found, for CI's fork run.
 */
import type { Context, RootHookObject } from "mocha";

import { MAINNET_ADDRESSES } from "../../../contracts-abi/product";
import { forkingConfig } from "../../../scripts/lib/chain";
import { rpc } from "../../../scripts/lib/json-rpc";

/** The line CI's fork run reads the count from (test/fork/run.ts). */
export const ON_FORK_LINE = "Contract tests on the fork:";

interface Metadata {
  chainId: number;
  forkedNetwork?: { chainId: number; forkBlockNumber: number };
}

export function onForkRootHooks(env: NodeJS.ProcessEnv): RootHookObject {
  const fork = forkingConfig(env);
  if (!fork) return {};
  // Hardhat is loaded by the time a hook runs; hardhat.config.ts, which loads this, cannot import it.
  const provider = async () => (await import("hardhat")).network.provider;
  let onFork = 0;
  const offFork: string[] = [];
  let forkBlock: number | undefined;

  return {
    async afterEach(this: Context) {
      const metadata = (await (await provider()).request({ method: "hardhat_metadata" })) as Metadata;
      const forked = metadata.forkedNetwork;
      const asked = fork.blockNumber ?? forkBlock ?? forked?.forkBlockNumber;
      if (forked?.chainId === 56 && forked.forkBlockNumber === asked) {
        forkBlock = asked;
        onFork += 1;
      } else {
        offFork.push(`${this.currentTest?.fullTitle() ?? "a test"} (${forked ? `a fork at block ${forked.forkBlockNumber}` : "a plain chain"})`);
      }
    },

    async afterAll() {
      const kept: string[] = [];
      for (const [name, address] of Object.entries(MAINNET_ADDRESSES)) {
        const here = (await (await provider()).request({ method: "eth_getCode", params: [address, "latest"] })) as string;
        const upstream = forkBlock === undefined ? "" : await rpc<string>(fork.url, "eth_getCode", [address, `0x${forkBlock.toString(16)}`], 30_000);
        if (here !== "0x" && here === upstream) kept.push(name);
      }
      const total = onFork + offFork.length;
      console.log(`\n${ON_FORK_LINE} ${onFork} of ${total} ran on a fork of ${fork.url} at block ${fork.blockNumber ?? forkBlock ?? "latest"}; the upstream's ${kept.join(", ") || "nothing"} still at their addresses.`);
      const problems = [
        ...(offFork.length > 0 ? [`${offFork.length} test(s) left the fork: ${offFork.join("; ")}`] : []),
        ...(kept.length < Object.keys(MAINNET_ADDRESSES).length ? [`BNB Chain's contracts are not all kept: only ${kept.join(", ") || "none"}`] : []),
      ];
      if (problems.length > 0) throw new Error(`${problems.join(". ")}.`);
    },
  };
}

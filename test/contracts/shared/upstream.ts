/**
 * A BNB Chain to fork, for the tests about forking: the suite's own upstream when it runs on a fork
 * (BSC_FORK_URL), else the stand-in BNB Chain (test/fork/standin/), started once for the whole run
 * and stopped at its end. Either holds USDT, USDC and Multicall3 at their addresses, past the
 * default fork block.
 */
import { clearSnapshots } from "@nomicfoundation/hardhat-network-helpers";
import hre from "hardhat";

import { DEFAULT_FORK_BLOCK, forkingConfig, resetParams } from "../../../scripts/lib/chain";
import { freePort } from "../../../scripts/lib/free-port";
import { startStandIn, type StandIn } from "../../fork/standin/standin";

export interface Upstream {
  url: string;
  /** The block the tests fork at. */
  blockNumber: number;
}

let standIn: Promise<StandIn> | undefined;

/** The upstream the fork tests use (see above). */
export async function forkUpstream(): Promise<Upstream> {
  const fork = forkingConfig(process.env);
  if (fork) return { url: fork.url, blockNumber: fork.blockNumber ?? (await suiteForkBlock()) };
  standIn ??= freePort().then((port) => startStandIn(port));
  return { url: (await standIn).url, blockNumber: DEFAULT_FORK_BLOCK };
}

/** The block the suite's fork started at, when BSC_FORK_BLOCK=latest left it to Hardhat. */
async function suiteForkBlock(): Promise<number> {
  const metadata = (await hre.network.provider.request({ method: "hardhat_metadata" })) as { forkedNetwork?: { forkBlockNumber: number } };
  if (!metadata.forkedNetwork) throw new Error("BSC_FORK_URL is set but the chain is not a fork");
  return metadata.forkedNetwork.forkBlockNumber;
}

/** The in-process chain becomes a fresh fork of `upstream`: nothing mined yet, no fixture. */
export async function forkOf(upstream: Upstream): Promise<void> {
  await hre.network.provider.request({ method: "hardhat_reset", params: [{ forking: { jsonRpcUrl: upstream.url, blockNumber: upstream.blockNumber } }] });
  clearSnapshots();
}

/** Back to the chain the suite runs on (the same fork when one is asked for), fixtures anew. */
export async function backToSuiteChain(): Promise<void> {
  await hre.network.provider.request({ method: "hardhat_reset", params: resetParams(process.env) });
  clearSnapshots();
}

// A root hook (this module is imported at the top of test files): the stand-in stops with the run.
after(async function () {
  if (standIn) await (await standIn).stop();
});

/**
 * Forking BNB Chain: Hardhat replays a call at or before the fork block with the rules of BNB
 * Chain's hardfork at that block (scripts/lib/chain.ts), which it can only do when it has the
 * hardfork table. Hardhat 2.29 handed the table to its EDR runtime under a key the runtime does not
 * read; scripts/patches/ renames it (docs/operations.md §2). The upstream is a BNB Chain of chain
 * 56 past the default fork block: the stand-in, or the suite's own fork (shared/upstream.ts).
 */
import { spawnSync } from "node:child_process";

import { expect } from "chai";
import hre from "hardhat";

import { ROOT, bin } from "../../scripts/lib/stack";
import { backToSuiteChain, forkOf, forkUpstream, type Upstream } from "./shared/upstream";

describe("A fork of BNB Chain", function () {
  this.timeout(240_000);
  let upstream: Upstream;

  before(async function () {
    upstream = await forkUpstream();
  });

  after(backToSuiteChain);

  it("answers a call at the fork block at once, before any block is mined", async function () {
    await forkOf(upstream);
    const { provider } = hre.network;
    const at = (block: number) => `0x${block.toString(16)}`;
    expect(await provider.request({ method: "eth_blockNumber" })).to.equal(at(upstream.blockNumber));
    // Multicall3's getBlockNumber(), run by the fork at the fork block and the one before it.
    const call = { to: "0xcA11bde05977b3631167028862bE2a173976CA11", data: "0x42cbb15c" };
    const blockOf = async (tag: string) => BigInt((await provider.request({ method: "eth_call", params: [call, tag] })) as string);
    expect(await blockOf("latest")).to.equal(BigInt(upstream.blockNumber));
    expect(await blockOf(at(upstream.blockNumber - 1))).to.equal(BigInt(upstream.blockNumber - 1));
    expect(await provider.request({ method: "eth_estimateGas", params: [{ ...call, from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }] })).to.match(/^0x[0-9a-f]+$/);
  });

  it("fails the run at its end, naming the test, when a test leaves the fork", async () => {
    const run = spawnSync(bin("hardhat"), ["test", "--no-compile", "test/fork/leaves-the-fork.fixture.ts"], {
      cwd: ROOT,
      env: { ...process.env, BSC_FORK_URL: upstream.url, BSC_FORK_BLOCK: String(upstream.blockNumber) },
      encoding: "utf8",
      timeout: 120_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output).to.equal(1);
    expect(output).to.contain(`Contract tests on the fork: 0 of 1 ran on a fork of ${upstream.url} at block ${upstream.blockNumber}`);
    expect(output).to.contain("1 test(s) left the fork: a test that leaves the fork resets the chain without the fork's parameters (a plain chain)");
  });
});

/**
 * Forking BNB Chain: Hardhat replays a call at or before the fork block with the rules of BNB
 * Chain's hardfork at that block (scripts/lib/chain.ts), which it can only do when it has the
 * hardfork table. Hardhat 2.29 handed the table to its EDR runtime under a key the runtime does not
 * read; scripts/patches/ renames it (docs/operations.md §3). The upstream here is a local node of
 * chain 56 mined past the default fork block, as BNB Chain is.
 */
import { createServer } from "node:net";

import { clearSnapshots } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";
import hre from "hardhat";

import { DEFAULT_FORK_BLOCK, resetParams } from "../../scripts/lib/chain";
import { rpc } from "../../scripts/lib/json-rpc";
import { startNode, type Service } from "../../scripts/lib/stack";

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("A fork of BNB Chain", function () {
  this.timeout(240_000);
  let upstream: Service;
  let url: string;

  before(async function () {
    const port = await freePort();
    upstream = await startNode(port);
    url = `http://127.0.0.1:${port}`;
    await rpc(url, "hardhat_mine", [`0x${(DEFAULT_FORK_BLOCK + 1).toString(16)}`], 60_000);
  });

  after(async function () {
    // Back to the chain the suite runs on (the same fork when one is asked for), fixtures anew.
    await hre.network.provider.request({ method: "hardhat_reset", params: resetParams(process.env) });
    clearSnapshots();
    await upstream?.stop();
  });

  it("answers a call at the fork block at once, before any block is mined", async function () {
    await hre.network.provider.request({ method: "hardhat_reset", params: [{ forking: { jsonRpcUrl: url, blockNumber: DEFAULT_FORK_BLOCK } }] });
    const { provider } = hre.network;
    expect(await provider.request({ method: "eth_blockNumber" })).to.equal(`0x${DEFAULT_FORK_BLOCK.toString(16)}`);
    // Multicall3's getBlockNumber() selector, at an address with no code: a call that runs, at the fork block.
    const call = { to: "0xcA11bde05977b3631167028862bE2a173976CA11", data: "0x42cbb15c" };
    expect(await provider.request({ method: "eth_call", params: [call, "latest"] })).to.equal("0x");
    expect(await provider.request({ method: "eth_call", params: [call, `0x${(DEFAULT_FORK_BLOCK - 1).toString(16)}`] })).to.equal("0x");
    expect(await provider.request({ method: "eth_estimateGas", params: [{ ...call, from: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }] })).to.match(/^0x[0-9a-f]+$/);
  });
});

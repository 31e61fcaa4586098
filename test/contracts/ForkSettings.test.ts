/**
 * A wrong fork setting is one sentence with its remedy, within 30 s (scripts/lib/fork-check.ts,
 * docs/operations.md §2): an endpoint nobody answers at, a fork block past the head, an endpoint
 * that is not an archive (a proxy in front of the upstream answering as a pruned node does), one of
 * another chain, and BSC_FORK_BLOCK=latest is accepted. `npm run dev` says the same sentence and nothing else.
 */
import { spawn } from "node:child_process";

import { expect } from "chai";

import { rpc } from "../../scripts/lib/json-rpc";
import { checkForkUpstream } from "../../scripts/lib/fork-check";
import { RpcProxy } from "../../scripts/lib/rpc-proxy";
import { freePort } from "../../scripts/lib/free-port";
import { ROOT, bin } from "../../scripts/lib/stack";
import { forkUpstream, type Upstream } from "./shared/upstream";

/** The sentence `check` fails with, and how long it took. */
async function refusal(check: Promise<unknown>): Promise<{ message: string; seconds: number }> {
  const started = Date.now();
  const message = await check.then(
    () => expect.fail("the setting was accepted"),
    (error: Error) => error.message,
  );
  return { message, seconds: (Date.now() - started) / 1000 };
}

/** One sentence: a single line, ending with a full stop. */
const ONE_SENTENCE = /^[^\n]+\.$/;

describe("A wrong fork setting", function () {
  this.timeout(120_000);
  let upstream: Upstream;
  let head: number;

  before(async function () {
    upstream = await forkUpstream();
    head = Number(await rpc<string>(upstream.url, "eth_blockNumber"));
  });

  it("an endpoint nobody listens on: one sentence, with the remedy, at once", async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const { message, seconds } = await refusal(checkForkUpstream({ url, blockNumber: upstream.blockNumber, enabled: true }));
    expect(message).to.equal(
      `BSC_FORK_URL (${url}) does not answer (connection refused): check the URL and that the endpoint is up, or unset BSC_FORK_URL to run a local chain.`,
    );
    expect(seconds).to.be.below(30);
  });

  it("a fork block past the endpoint's head: one sentence naming the head", async () => {
    const { message, seconds } = await refusal(checkForkUpstream({ url: upstream.url, blockNumber: head + 1_000, enabled: true }));
    expect(message).to.match(ONE_SENTENCE);
    expect(message).to.contain(`is past the head of BSC_FORK_URL (block ${head}): set BSC_FORK_BLOCK to ${head} or lower, or to latest.`);
    expect(seconds).to.be.below(30);
  });

  it("an endpoint that is not an archive: one sentence saying so, with the remedy", async () => {
    const pruned = new RpcProxy(upstream.url, await freePort());
    await pruned.setMode("pruned");
    try {
      const { message, seconds } = await refusal(checkForkUpstream({ url: pruned.url, blockNumber: upstream.blockNumber, enabled: true }));
      expect(message).to.match(ONE_SENTENCE);
      expect(message).to.match(/^BSC_FORK_URL \(.+\) has no state for block \d+ \("missing trie node .+"\), so it is not an archive node: use an archive endpoint, or set BSC_FORK_BLOCK=latest to fork its head\.$/);
      expect(seconds).to.be.below(30);
    } finally {
      await pruned.down();
    }
  });

  it("an endpoint of another chain: one sentence naming it", async () => {
    const other = new RpcProxy(upstream.url, await freePort());
    await other.setMode("wrong-chain");
    try {
      const { message } = await refusal(checkForkUpstream({ url: other.url, blockNumber: upstream.blockNumber, enabled: true }));
      expect(message).to.equal(`BSC_FORK_URL (${other.url}) serves chain 1, not BNB Chain (56): point it at a BNB Chain mainnet endpoint.`);
    } finally {
      await other.down();
    }
  });

  it("BSC_FORK_BLOCK=latest: accepted, the fork pinned at the endpoint's head", async () => {
    expect(await checkForkUpstream({ url: upstream.url, enabled: true })).to.equal(head);
    expect(await checkForkUpstream({ url: upstream.url, blockNumber: upstream.blockNumber, enabled: true })).to.equal(upstream.blockNumber);
  });

  describe("npm run dev", () => {
    /** What `npm run dev` says on stderr with `env`, once it has exited, and how long it ran. */
    async function dev(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string; seconds: number }> {
      const [node, api, web] = [await freePort(), await freePort(), await freePort()];
      const started = Date.now();
      const child = spawn(bin("ts-node"), ["--transpile-only", "scripts/dev.ts"], {
        cwd: ROOT,
        env: { ...process.env, NODE_PORT: String(node), API_PORT: String(api), WEB_PORT: String(web), DEPLOYMENT_NAME: `fork-setting-${node}`, ...env },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      return { code, stderr: stderr.trim(), seconds: (Date.now() - started) / 1000 };
    }

    it("refuses a BSC_FORK_BLOCK that is no block, in one sentence", async () => {
      const { code, stderr } = await dev({ BSC_FORK_URL: upstream.url, BSC_FORK_BLOCK: "tomorrow" });
      expect(code).to.equal(1);
      expect(stderr).to.equal('BSC_FORK_BLOCK must be a positive block number or "latest", got "tomorrow".');
    });

    it("says an unreachable BSC_FORK_URL in one sentence within 30 s, starting nothing", async () => {
      const url = `http://127.0.0.1:${await freePort()}`;
      const { code, stderr, seconds } = await dev({ BSC_FORK_URL: url, BSC_FORK_BLOCK: "" });
      expect(code).to.equal(1);
      expect(stderr).to.equal(`BSC_FORK_URL (${url}) does not answer (connection refused): check the URL and that the endpoint is up, or unset BSC_FORK_URL to run a local chain.`);
      expect(seconds).to.be.below(30);
    });
  });
});

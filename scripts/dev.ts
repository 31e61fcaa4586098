/**
 * `npm run dev`: the whole app on this machine. A local BNB Chain node (chain id 56; a fork of BNB
 * Chain when BSC_FORK_URL is set), the contracts compiled, deployed and seeded, the mock account
 * API, and the web app with hot reload. Ctrl-C stops everything it started.
 *
 * and the indexer (indexer/, Ponder, with PGlite in .data/dev/indexer).
 *
 * NODE_PORT (8545), API_PORT (8787), WEB_PORT (5173) and INDEXER_PORT (42069) move the servers; DEPLOYMENT_NAME (local)
 * names the address book (deployments/<name>.json). Every run starts a new chain, so the account
 * database (in .data/dev/api) starts anew with it.
 */
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import path from "node:path";

import { forkingConfig } from "./lib/chain";
import { DEV_ACCOUNT } from "./lib/dev-account";
import { DEMO_ADDRESS, DEMO_KEY } from "./lib/injected-wallet";
import { followDeployments, type Following } from "./lib/indexer-follow";
import { PORT_VARIABLES, ROOT, ensurePortFree, killAll, portsFromEnv, runHardhat, startIndexer, startStack, stopAll, type Ports } from "./lib/stack";
import { takeOverSignals } from "./lib/stop-on-signal";

const DEPLOYMENT = process.env.DEPLOYMENT_NAME ?? "local";
const DEV_DIR = path.join(ROOT, ".data", DEPLOYMENT === "local" ? "dev" : DEPLOYMENT);
const say = (line = "") => console.log(line);
const indent = (prefix: string) => (line: string) => console.log(`${prefix}${line}`);

function banner(ports: Ports, forkBlock: number | undefined): string {
  const redeploy =
    DEPLOYMENT === "local" && ports.node === 8545
      ? "`npm run deploy:local` (and `npm run seed:local`)"
      : `\`LOCAL_RPC_URL=http://127.0.0.1:${ports.node} DEPLOYMENT_NAME=${DEPLOYMENT} npm run deploy:local\``;
  const rpcUrl = `http://127.0.0.1:${ports.node}`;
  const fork = forkBlock === undefined ? "" : `, forking BNB Chain at block ${forkBlock}`;
  return `
The app is running.

  App          http://127.0.0.1:${ports.web}/
  Chain        BNB Smart Chain (local), chain id 56 (0x38)${fork}
  RPC          ${rpcUrl}
  Account API  http://127.0.0.1:${ports.api}/api (the app calls it at /api)
  Indexer      http://127.0.0.1:${ports.indexer}/history (the app calls it at /history)
  Logs         ${path.relative(ROOT, DEV_DIR)}/node.log, ${path.relative(ROOT, DEV_DIR)}/api.log, ${path.relative(ROOT, DEV_DIR)}/indexer.log

Dev wallet (no extension needed): open the app, press "Connect" and choose "Dev wallet".
  It signs with Hardhat's test account #1 (${DEMO_ADDRESS.alice}), which the seed
  registered and funded with every token. Its account exists: press Login and sign, or bind
  with account "${DEV_ACCOUNT.account}", password "${DEV_ACCOUNT.password}".

MetaMask: Settings > Networks > Add a network manually:
  Network name  BNB Smart Chain (local)
  RPC URL       ${rpcUrl}
  Chain ID      56
  Symbol        BNB
  (If BNB Smart Chain is in MetaMask already, add ${rpcUrl} as another RPC URL of it and pick it.)
  Then import Hardhat's test account #2, also seeded: ${DEMO_KEY.bob}
  (${DEMO_ADDRESS.bob}). Test keys are public: never send real funds to them.

Redeploy with ${redeploy}: the open app reloads with the new addresses, and the
indexer restarts on the new contracts (their history only).
Ctrl-C stops everything.
`;
}

async function main(): Promise<void> {
  const ports = portsFromEnv(process.env);
  for (const key of ["node", "api", "web", "indexer"] as const) {
    const what = { node: "the local chain", api: "the account API", web: "the web app", indexer: "the indexer" }[key];
    await ensurePortFree(ports[key], what, `set ${PORT_VARIABLES[key]} to another port`);
  }
  // A bad BSC_FORK_BLOCK is refused here, in one sentence: the compile below reads the same
  // setting in hardhat.config.ts and would fail with Hardhat's stack trace.
  forkingConfig(process.env);
  rmSync(DEV_DIR, { recursive: true, force: true });
  mkdirSync(DEV_DIR, { recursive: true });

  let stopping = false;
  /** What restarts the indexer on a redeploy: stopped first on the way out, so that a redeploy
   *  meanwhile starts nothing stopAll would miss. */
  let following: Following | undefined;
  /** Stops everything started so far, whatever step the start-up is in; a second signal kills at once. */
  const shutdown = async (code: number) => {
    if (stopping) {
      killAll();
      process.exit(code || 130);
    }
    stopping = true;
    following?.stop();
    say("\nStopping…");
    await stopAll();
    process.exit(code);
  };
  takeOverSignals();
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(0));

  try {
    say("Compiling the contracts…");
    await runHardhat(["compile", "--quiet"]);

    const nodeLog = createWriteStream(path.join(DEV_DIR, "node.log"));
    const indexerLog = createWriteStream(path.join(DEV_DIR, "indexer.log"));
    const indexerEcho = (line: string) => indexerLog.write(`${line}\n`);
    const stack = await startStack({
      deploymentName: DEPLOYMENT,
      nodePort: ports.node,
      apiPort: ports.api,
      webPort: ports.web,
      apiDataDir: path.join(DEV_DIR, "api"),
      apiLogFile: path.join(DEV_DIR, "api.log"),
      indexer: { port: ports.indexer, dataDir: path.join(DEV_DIR, "indexer"), echo: indexerEcho },
      say,
      nodeEcho: (line) => nodeLog.write(`${line}\n`),
      taskEcho: indent("  "),
    });

    say("Starting the web app…");
    const web = await stack.startWeb({ mode: "dev", webPort: ports.web }, indent("  [web] "));
    say(banner(ports, stack.forkBlock));

    // A server that dies takes the stack down with it, saying why.
    for (const service of [stack.node, stack.api, web]) {
      void service.wait().then((code) => {
        if (stopping) return;
        console.error(`\n${service.name} stopped (exit ${code}):\n${service.tail()}`);
        void shutdown(1);
      });
    }
    // The pages work without the indexer (they say history is unavailable): it is reported, not fatal.
    // A redeploy restarts it on the new contracts, in a schema of their own (scripts/lib/indexer-follow.ts).
    if (stack.indexer) {
      following = followDeployments({
        addressBook: stack.addressBook,
        indexer: stack.indexer,
        start: (schema) => startIndexer({ port: ports.indexer, rpcUrl: stack.nodeUrl, addressBook: stack.addressBook, dataDir: path.join(DEV_DIR, "indexer"), schema, echo: indexerEcho }),
        say: (line) => {
          if (!stopping) console.error(`\n${line}`);
        },
      });
    }
  } catch (error) {
    if (stopping) return;
    console.error(`\n${(error as Error).message}`);
    await shutdown(1);
  }
}

// A refusal before anything started (a port in use, a bad setting) is one sentence, not a trace.
main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

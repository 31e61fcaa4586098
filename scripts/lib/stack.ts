/**
 * The local stack: a `hardhat node` with the contracts deployed and seeded, optionally proxies in
 * front of it (rpc-proxy.ts) that the app reads through as its list of endpoints, the mock account API,
 * optionally the indexer (indexer/, Ponder), and web servers (Vite in development, `vite
 * preview` of a build). Each process is started, awaited until it answers and stopped with
 * everything it started. `npm run dev`, the browser tests and the benchmark all use `startStack`.
 *
 * The account API runs as its own process (`mocks/api/main.ts`, as `npm run api` runs it), told
 * its settings through the environment and reached over HTTP, like the node: the scripts never
 * import the API's code, nor the API theirs.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

import { forkingConfig } from "./chain";
import { addressBookFile } from "./deployments";
import { seedDevAccount } from "./dev-account";
import { checkForkUpstream } from "./fork-check";
import { deploymentSchema } from "./indexer-follow";
import { checkIndexerStart, indexerStartBlock } from "./indexer-start";
import { stopOnSignal } from "./stop-on-signal";
import { rpc } from "./json-rpc";
import { RpcProxy } from "./rpc-proxy";

export const ROOT = path.resolve(__dirname, "../..");

/** A binary of the repository's own packages (node_modules/.bin). */
export const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);

/** The ports of one stack; each has an environment variable that moves it. */
export interface Ports {
  node: number;
  api: number;
  web: number;
  indexer: number;
}

export const PORT_VARIABLES: Record<keyof Ports, string> = { node: "NODE_PORT", api: "API_PORT", web: "WEB_PORT", indexer: "INDEXER_PORT" };

export function portsFromEnv(env: NodeJS.ProcessEnv, defaults: Ports = { node: 8545, api: 8787, web: 5173, indexer: 42069 }): Ports {
  const read = (key: keyof Ports) => {
    const text = env[PORT_VARIABLES[key]];
    if (text === undefined || text === "") return defaults[key];
    const port = Number(text);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`${PORT_VARIABLES[key]} must be a port number, got '${text}'.`);
    return port;
  };
  return { node: read("node"), api: read("api"), web: read("web"), indexer: read("indexer") };
}

/**
 * Resolves when nothing listens on `port` (127.0.0.1). Otherwise throws "Port <port> (<what>) is in
 * use. Stop what listens there, or <remedy>.", `remedy` being the other way out, such as "set
 * NODE_PORT to another port"; without one, the sentence ends after "in use".
 */
export async function ensurePortFree(port: number, what: string, remedy?: string): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
  if (!free) throw new Error(`Port ${port} (${what}) is in use.${remedy ? ` Stop what listens there, or ${remedy}.` : ""}`);
}

/** Every child process started here and still running, so that a stop can reach them all. */
const live = new Set<Service>();
/** How to stop every stack started here and not stopped yet (its proxy runs in this process). */
const liveStacks = new Set<() => Promise<void>>();

/** Stops everything started here (a Ctrl-C, a failure halfway through starting the stack). */
export async function stopAll(): Promise<void> {
  await Promise.all([...[...live].map((service) => service.stop()), ...[...liveStacks].map((stop) => stop())]);
}

/** At once and without waiting: for a second Ctrl-C, or an exit that cannot wait. */
export function killAll(): void {
  for (const service of live) service.kill("SIGKILL");
}

/** A child process whose output is kept (the last lines are shown if it fails) and optionally echoed. */
export class Service {
  readonly output: string[] = [];
  private exited: Promise<number | null>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    echo?: (line: string) => void,
  ) {
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString().split(/\r?\n/)) {
        if (line === "") continue;
        this.output.push(line);
        if (this.output.length > 200) this.output.shift();
        echo?.(line);
      }
    };
    child.stdout?.on("data", collect);
    child.stderr?.on("data", collect);
    live.add(this);
    // Its own process group: a terminal's Ctrl-C does not reach it, so this process stops it.
    const unregister = stopOnSignal(() => this.stop());
    this.exited = new Promise((resolve) => {
      child.once("exit", (code) => resolve(code));
      // A process that could not start at all (say, a missing binary) never exits: it failed.
      child.once("error", (error) => {
        this.output.push(error.message);
        resolve(null);
      });
    }).then((code) => {
      live.delete(this);
      unregister();
      return code as number | null;
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves with the exit code. */
  wait(): Promise<number | null> {
    return this.exited;
  }

  tail(lines = 15): string {
    return this.output.slice(-lines).join("\n");
  }

  /** Sends `signal` to the process and everything it started (it leads its own process group). */
  kill(signal: NodeJS.Signals): boolean {
    if (!this.running || this.child.pid === undefined) return false;
    try {
      process.kill(-this.child.pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** Stops the process and everything it started: SIGTERM, then SIGKILL after 5 s. */
  async stop(): Promise<void> {
    if (!this.kill("SIGTERM")) return;
    const timer = setTimeout(() => this.kill("SIGKILL"), 5_000);
    await this.exited;
    clearTimeout(timer);
  }
}

export function startService(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, echo?: (line: string) => void): Service {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  return new Service(name, child, echo);
}

/** Runs a command to its end; a failure throws with its last lines of output. */
export async function runToEnd(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, echo?: (line: string) => void): Promise<void> {
  const task = startService(name, command, args, env, echo);
  const code = await task.wait();
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${task.tail()}`);
}

/** Runs a Hardhat task to its end; a failure throws with the task's last lines of output. */
export function runHardhat(args: string[], env: NodeJS.ProcessEnv = {}, echo?: (line: string) => void): Promise<void> {
  return runToEnd(`hardhat ${args.join(" ")}`, bin("hardhat"), args, env, echo);
}

/** A service that did not come up is not left behind. */
async function stopOnFailure(service: Service, ready: Promise<void>): Promise<void> {
  try {
    await ready;
  } catch (error) {
    await service.stop();
    throw error;
  }
}

/** Polls `probe` until it resolves true; fails after `timeoutMs` or as soon as `service` exits. */
export async function waitUntil(what: string, probe: () => Promise<boolean>, service?: Service, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (service && !service.running) throw new Error(`${service.name} exited before ${what}:\n${service.tail()}`);
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}.${service ? `\n${service.tail()}` : ""}`);
}

/** `hardhat node` on 127.0.0.1:`port` (forking BNB Chain when BSC_FORK_URL is set, in this
 *  process's environment or in `env`), once it answers. */
export async function startNode(port: number, echo?: (line: string) => void, env: NodeJS.ProcessEnv = {}): Promise<Service> {
  // LOCAL_NODE_LIKE_BSC: a reverted transaction is mined, not refused at sending (hardhat.config.ts).
  const node = startService("hardhat node", bin("hardhat"), ["node", "--hostname", "127.0.0.1", "--port", String(port)], { ...env, LOCAL_NODE_LIKE_BSC: "1" }, echo);
  const url = `http://127.0.0.1:${port}`;
  // BNB Chain's id, or its testnet's with LOCAL_CHAIN_ID=97 (hardhat.config.ts).
  const chainId = `0x${Number(env.LOCAL_CHAIN_ID ?? 56).toString(16)}`;
  await stopOnFailure(node, waitUntil(`the node on ${url}`, async () => (await rpc<string>(url, "eth_chainId")) === chainId, node, 180_000));
  return node;
}

/** The account API on 127.0.0.1:`port` (mocks/api/main.ts, settings in its environment), once it answers. */
async function startAccountApi(port: number, settings: NodeJS.ProcessEnv, echo?: (line: string) => void): Promise<Service> {
  const api = startService("account API", bin("ts-node"), ["--transpile-only", "mocks/api/main.ts"], { ...settings, API_HOST: "127.0.0.1", API_PORT: String(port) }, echo);
  const url = `http://127.0.0.1:${port}`;
  await stopOnFailure(api, waitUntil(`the account API on ${url}`, async () => (await fetch(`${url}/api/config`, { signal: AbortSignal.timeout(5_000) })).ok, api));
  return api;
}

export interface IndexerOptions {
  port: number;
  /** The node it indexes. */
  rpcUrl: string;
  addressBook: string;
  /** PGlite's folder; ignored when `databaseUrl` is set. */
  dataDir?: string;
  /** A PostgreSQL connection string: the indexer then uses that server instead of PGlite. */
  databaseUrl?: string;
  /** How often it asks the node for a new block (indexer/ponder.config.ts: 500 ms unless told). */
  pollingMs?: number;
  /** The database schema it writes (`--schema`): `history` unless told. */
  schema?: string;
  /** More settings for it (docs/operations.md §5). */
  env?: NodeJS.ProcessEnv;
  echo?: (line: string) => void;
}

/**
 * The indexer (`npm run indexer`: Ponder's `ponder start`) on 127.0.0.1:`port`, once it has read the
 * chain up to its head (Ponder's /ready). Telemetry is off (nothing leaves the machine), and so is
 * the cache of the node's answers: a local chain restarts under the same chain id, and a cache
 * would serve the previous chain's blocks (docs/operations.md §5).
 */
export async function startIndexer(options: IndexerOptions): Promise<Service> {
  const startBlock = indexerStartBlock(options.addressBook);
  await checkIndexerStart(options.rpcUrl, startBlock);
  const env: NodeJS.ProcessEnv = {
    PONDER_TELEMETRY_DISABLED: "1",
    INDEXER_RPC_URL: options.rpcUrl,
    ADDRESS_BOOK: options.addressBook,
    INDEXER_START_BLOCK: String(startBlock),
    INDEXER_RPC_CACHE: "off",
    INDEXER_DATA_DIR: options.dataDir,
    // Explicit both ways: a DATABASE_URL in the caller's environment must not redirect a PGlite run.
    DATABASE_URL: options.databaseUrl,
    ...(options.pollingMs ? { INDEXER_POLLING_MS: String(options.pollingMs) } : {}),
    ...options.env,
  };
  const args = ["start", "--root", "indexer", "--schema", options.schema ?? "history", "--hostname", "127.0.0.1", "--port", String(options.port)];
  const indexer = startService("indexer", bin("ponder"), args, env, options.echo);
  const url = `http://127.0.0.1:${options.port}`;
  await stopOnFailure(indexer, waitUntil(`the indexer on ${url}`, async () => (await fetch(`${url}/ready`, { signal: AbortSignal.timeout(5_000) })).ok, indexer, 180_000));
  return indexer;
}

/** Deploys the product mocks to the node at `rpcUrl`, writes deployments/<name>.json and returns its path. */
export async function deploy(rpcUrl: string, deploymentName: string, echo?: (line: string) => void): Promise<string> {
  await runHardhat(["run", "scripts/deploy.ts", "--network", "localhost"], { LOCAL_RPC_URL: rpcUrl, DEPLOYMENT_NAME: deploymentName }, echo);
  return path.join(ROOT, addressBookFile(deploymentName));
}

export async function seed(rpcUrl: string, deploymentName: string, echo?: (line: string) => void): Promise<void> {
  await runHardhat(["run", "scripts/seed.ts", "--network", "localhost"], { LOCAL_RPC_URL: rpcUrl, DEPLOYMENT_NAME: deploymentName }, echo);
}

export interface WebOptions {
  mode: "dev" | "preview";
  webPort: number;
  /** Where a build is (preview) or goes; web/dist by default. */
  outDir?: string;
  env?: NodeJS.ProcessEnv;
}

/** What the web app is told about its stack. */
interface WebStack {
  apiPort: number;
  /** Where the web server proxies /history (nothing need listen there: the pages work without it). */
  indexerPort?: number;
  addressBook: string;
  /** The JSON-RPC endpoints the app reads through, in order. */
  rpcUrls: string[];
}

function webEnv(stack: WebStack, options: Omit<WebOptions, "mode">): NodeJS.ProcessEnv {
  return {
    WEB_PORT: String(options.webPort),
    API_PORT: String(stack.apiPort),
    ...(stack.indexerPort ? { INDEXER_PORT: String(stack.indexerPort) } : {}),
    ADDRESS_BOOK: stack.addressBook,
    RPC_URLS: stack.rpcUrls.join(","),
    ...(options.outDir ? { WEB_OUT_DIR: options.outDir } : {}),
    ...options.env,
  };
}

/** Vite's arguments for the web app's build and servers (`vite build`, `vite preview`, `vite`). */
export const VITE_ARGS = ["--configLoader", "runner", "--config", "web/vite.config.mts"];

export interface StackOptions {
  /** Names the address book the deploy writes: deployments/<name>.json. */
  deploymentName: string;
  nodePort: number;
  apiPort: number;
  /** The web server's port: the API names its origin (http://127.0.0.1:<port>) in wallet messages. */
  webPort: number;
  /** When set, a proxy on each of these ports in front of the node: the app's JSON-RPC endpoints, in this order. */
  proxyPorts?: number[];
  /** The account API's database and key, and its log; it listens on 127.0.0.1:`apiPort`, asks the node
   *  about referrers and reads the deploy's address book; its other settings come from this
   *  process's environment, which it inherits (mocks/api/start.ts). */
  apiDataDir: string;
  apiLogFile: string;
  /** When set, the indexer too, on 127.0.0.1:`port`, with PGlite in `dataDir`, its output to `echo`. */
  indexer?: { port: number; dataDir: string; echo?: (line: string) => void };
  /** Told each step as it starts ("Deploying…"). */
  say?: (line: string) => void;
  /** Where the node's output goes, and the deploy's and the seed's. */
  nodeEcho?: (line: string) => void;
  taskEcho?: (line: string) => void;
}

export interface Stack {
  /** The node itself, for the tools' own reads and writes. */
  nodeUrl: string;
  /** The block of BNB Chain the node forks, when BSC_FORK_URL asks for a fork. */
  forkBlock?: number;
  /** The app's JSON-RPC endpoints, in order: the proxies when there are some, else the node. */
  appRpcUrls: string[];
  apiUrl: string;
  addressBook: string;
  node: Service;
  /** The proxies, in the app's order (none when not asked for). */
  proxies: RpcProxy[];
  /** The account API's process. */
  api: Service;
  /** The indexer's process, when asked for. */
  indexer?: Service;
  /** A production build of the web app for this stack. */
  buildWeb(options: Omit<WebOptions, "mode">, echo?: (line: string) => void): Promise<void>;
  /** A web server for this stack (Vite with hot reload, or `vite preview` of a build), once it answers; it stops with the stack. */
  startWeb(options: WebOptions, echo?: (line: string) => void): Promise<Service>;
  /** Stops the web servers, the API, the proxy and the node. */
  stop(): Promise<void>;
}

/**
 * The node on 127.0.0.1 (and the proxies, if asked for), the contracts deployed and seeded, and the
 * account API, once each answers. A failure on the way stops what had started.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const nodeUrl = `http://127.0.0.1:${options.nodePort}`;
  const apiUrl = `http://127.0.0.1:${options.apiPort}`;
  const services: Service[] = [];
  const proxies: RpcProxy[] = [];
  const stop = async () => {
    liveStacks.delete(stop);
    await Promise.all([...services.map((service) => service.stop()), ...proxies.map((proxy) => proxy.down())]);
  };
  liveStacks.add(stop);
  try {
    // A fork's endpoint is checked first (one sentence per wrong setting), and the node pins the
    // block found, "latest" included, so that its fork cache serves the next start.
    const fork = forkingConfig(process.env);
    const forkBlock = fork ? await checkForkUpstream(fork) : undefined;
    options.say?.(`Starting the local chain on ${nodeUrl}${forkBlock === undefined ? "" : ` (forking BNB Chain at block ${forkBlock})`}…`);
    const node = await startNode(options.nodePort, options.nodeEcho, forkBlock === undefined ? {} : { BSC_FORK_BLOCK: String(forkBlock) });
    services.push(node);
    for (const port of options.proxyPorts ?? []) {
      const proxy = new RpcProxy(nodeUrl, port);
      proxies.push(proxy);
      await proxy.up();
    }
    options.say?.("Deploying…");
    const addressBook = await deploy(nodeUrl, options.deploymentName, options.taskEcho);
    options.say?.("Seeding demo state…");
    await seed(nodeUrl, options.deploymentName, options.taskEcho);
    options.say?.("Starting the account API…");
    const api = await startAccountApi(options.apiPort, {
      API_DATA_DIR: options.apiDataDir,
      API_LOG_FILE: options.apiLogFile,
      API_ORIGIN: `http://127.0.0.1:${options.webPort}`,
      RPC_URL: nodeUrl,
      ADDRESS_BOOK: addressBook,
    });
    services.push(api);
    await seedDevAccount(apiUrl);
    let indexer: Service | undefined;
    if (options.indexer) {
      options.say?.("Starting the indexer…");
      // In a schema named by the deployment: after a redeploy, `npm run dev` starts it on a new one (indexer-follow.ts).
      const schema = deploymentSchema(addressBook);
      indexer = await startIndexer({ port: options.indexer.port, rpcUrl: nodeUrl, addressBook, dataDir: options.indexer.dataDir, schema, echo: options.indexer.echo });
      services.push(indexer);
    }

    const web: WebStack = { apiPort: options.apiPort, indexerPort: options.indexer?.port, addressBook, rpcUrls: proxies.length > 0 ? proxies.map((proxy) => proxy.url) : [nodeUrl] };
    return {
      nodeUrl,
      forkBlock,
      appRpcUrls: web.rpcUrls,
      apiUrl,
      addressBook,
      node,
      proxies,
      api,
      indexer,
      // A production build whoever asks: Vitest sets NODE_ENV=test in its process (the browser tests'
      // global setup), and a build that inherits it bundles React's development code (60 kB gzip more).
      buildWeb: (build, echo) => runToEnd("vite build", bin("vite"), ["build", ...VITE_ARGS], { NODE_ENV: "production", ...webEnv(web, build) }, echo),
      startWeb: async (server, echo) => {
        const args = server.mode === "dev" ? VITE_ARGS : ["preview", ...VITE_ARGS];
        const service = startService(server.mode === "dev" ? "vite" : "vite preview", bin("vite"), args, webEnv(web, server), echo);
        services.push(service);
        const url = `http://127.0.0.1:${server.webPort}/`;
        await stopOnFailure(service, waitUntil(`the web server on ${url}`, async () => (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok, service));
        return service;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The local stack as processes: a `hardhat node`, Hardhat scripts run against it, the web server
 * (Vite in development, `vite preview` of a build), each started, awaited until it answers and
 * stopped with everything it started. `npm run dev`, the browser tests and the benchmark share it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "../..");
const BIN = path.join(ROOT, "node_modules", ".bin");

/** The ports of one stack; each has an environment variable that moves it. */
export interface Ports {
  node: number;
  api: number;
  web: number;
}

export const PORT_VARIABLES: Record<keyof Ports, string> = { node: "NODE_PORT", api: "API_PORT", web: "WEB_PORT" };

export function portsFromEnv(env: NodeJS.ProcessEnv, defaults: Ports = { node: 8545, api: 8787, web: 5173 }): Ports {
  const read = (key: keyof Ports) => {
    const text = env[PORT_VARIABLES[key]];
    if (text === undefined || text === "") return defaults[key];
    const port = Number(text);
    if (!Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`${PORT_VARIABLES[key]} must be a port number, got '${text}'.`);
    return port;
  };
  return { node: read("node"), api: read("api"), web: read("web") };
}

/** Resolves when nothing listens on `port` (127.0.0.1); otherwise says which variable moves it. */
export async function ensurePortFree(port: number, what: string, variable: string): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
  if (!free) throw new Error(`Port ${port} (${what}) is in use. Stop what listens there, or set ${variable} to another port.`);
}

/** Every child process started here and still running, so that a stop can reach them all. */
const live = new Set<Service>();

/** Stops every process started here (a Ctrl-C, a failure halfway through starting the stack). */
export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((service) => service.stop()));
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
    this.exited = new Promise((resolve) => {
      child.once("exit", (code) => resolve(code));
      // A process that could not start at all (say, a missing binary) never exits: it failed.
      child.once("error", (error) => {
        this.output.push(error.message);
        resolve(null);
      });
    }).then((code) => {
      live.delete(this);
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

/** Runs a Hardhat task to its end; a failure throws with the task's last lines of output. */
export async function runHardhat(args: string[], env: NodeJS.ProcessEnv = {}, echo?: (line: string) => void): Promise<void> {
  const task = startService(`hardhat ${args[0]}`, path.join(BIN, "hardhat"), args, env, echo);
  const code = await task.wait();
  if (code !== 0) throw new Error(`hardhat ${args.join(" ")} failed (exit ${code}):\n${task.tail()}`);
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

export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
    signal: AbortSignal.timeout(5_000),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** `hardhat node` on 127.0.0.1:`port` (forking BNB Chain when BSC_FORK_URL is set), once it answers. */
export async function startNode(port: number, echo?: (line: string) => void): Promise<Service> {
  const node = startService("hardhat node", path.join(BIN, "hardhat"), ["node", "--hostname", "127.0.0.1", "--port", String(port)], {}, echo);
  const url = `http://127.0.0.1:${port}`;
  await stopOnFailure(node, waitUntil(`the node on ${url}`, async () => (await rpc<string>(url, "eth_chainId")) === "0x38", node, 180_000));
  return node;
}

/** Deploys the product mocks to the node at `rpcUrl` and writes deployments/<name>.json. */
export async function deploy(rpcUrl: string, deploymentName: string, echo?: (line: string) => void): Promise<string> {
  await runHardhat(["run", "scripts/deploy.ts", "--network", "localhost"], { LOCAL_RPC_URL: rpcUrl, DEPLOYMENT_NAME: deploymentName }, echo);
  return path.join(ROOT, "deployments", `${deploymentName}.json`);
}

export async function seed(rpcUrl: string, deploymentName: string, echo?: (line: string) => void): Promise<void> {
  await runHardhat(["run", "scripts/seed.ts", "--network", "localhost"], { LOCAL_RPC_URL: rpcUrl, DEPLOYMENT_NAME: deploymentName }, echo);
}

export interface WebOptions {
  mode: "dev" | "preview";
  ports: Ports;
  addressBook: string;
  rpcUrl: string;
  /** Where a build is (preview) or goes; web/dist by default. */
  outDir?: string;
  env?: NodeJS.ProcessEnv;
}

function webEnv(options: WebOptions): NodeJS.ProcessEnv {
  return {
    WEB_PORT: String(options.ports.web),
    API_PORT: String(options.ports.api),
    ADDRESS_BOOK: options.addressBook,
    RPC_URL: options.rpcUrl,
    ...(options.outDir ? { WEB_OUT_DIR: options.outDir } : {}),
    ...options.env,
  };
}

const VITE_ARGS = ["--configLoader", "runner", "--config", "web/vite.config.mts"];

/** A production build of the web app for the given chain. */
export async function buildWeb(options: Omit<WebOptions, "mode">, echo?: (line: string) => void): Promise<void> {
  const build = startService("vite build", path.join(BIN, "vite"), ["build", ...VITE_ARGS], webEnv({ ...options, mode: "preview" }), echo);
  const code = await build.wait();
  if (code !== 0) throw new Error(`vite build failed (exit ${code}):\n${build.tail()}`);
}

/** The web server (Vite with hot reload, or `vite preview` of a build), once it answers. */
export async function startWeb(options: WebOptions, echo?: (line: string) => void): Promise<Service> {
  const args = options.mode === "dev" ? VITE_ARGS : ["preview", ...VITE_ARGS];
  const web = startService(options.mode === "dev" ? "vite" : "vite preview", path.join(BIN, "vite"), args, webEnv(options), echo);
  const url = `http://127.0.0.1:${options.ports.web}/`;
  await stopOnFailure(web, waitUntil(`the web server on ${url}`, async () => (await fetch(url, { signal: AbortSignal.timeout(5_000) })).ok, web));
  return web;
}

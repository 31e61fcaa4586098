/**
 * Debian's nginx (`/usr/sbin/nginx`, or NGINX_BIN) with docs/nginx/app.conf, started as an
 * ordinary process: in the foreground, on a free port, with a temporary prefix holding its own
 * main file, pid, logs and temporary folders, so that it needs no root and touches nothing of a
 * system nginx. As root (CI, these machines), its workers run as `nobody`, as a packaged nginx's
 * run as an unprivileged user. Without nginx the tests fail, saying so: they never skip, so CI cannot
 * pass without having run it (docs/testing.md §1).
 *
 * The site file is the documented one with its site lines (`# site: <name>`: addresses, name,
 * certificate, the build's folder) replaced, each by a line of the same directive; nothing else
 * of it changes (`withSite`).
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { freePort } from "../../../scripts/lib/free-port";
import { stopOnSignal } from "../../../scripts/lib/stop-on-signal";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** The documented configuration, quoted whole in docs/operations.md §3. */
export const CONFIG_FILE = path.join(ROOT, "docs/nginx/app.conf");
export const NGINX_BIN = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
/** Debian's (nginx-common), which the packaged nginx.conf includes. */
const MIME_TYPES = "/etc/nginx/mime.types";

/** The replacements of the site lines, by name, in the order the lines come; null drops a line. */
export type Site = Record<string, Array<string | null>>;

/** A directive, then its marker as the line's only comment. */
const SITE_LINE = /^(\s*)([a-z_]+)\s[^#]*#\s*site:\s*(.+?)\s*$/;

/** `config` with each site line replaced; throws on a site line the test has no value for, or the other way round. */
export function withSite(config: string, site: Site): string {
  const left = new Map(Object.entries(site).map(([name, lines]) => [name, [...lines]]));
  const lines: string[] = [];
  for (const line of config.split("\n")) {
    const [, indent = "", directive = "", name = ""] = SITE_LINE.exec(line) ?? [];
    if (!name) {
      lines.push(line);
      continue;
    }
    const replacement = left.get(name)?.shift();
    if (replacement === undefined) throw new Error(`${CONFIG_FILE}: the test has no value for the site line "${line.trim()}"`);
    if (replacement === null) continue;
    if (replacement.split(" ")[0] !== directive) throw new Error(`The site line "${name}" is a ${directive}, not: ${replacement}`);
    lines.push(`${indent}${replacement}  # site: ${name} (the test's)`);
  }
  const unused = [...left].filter(([, values]) => values.length > 0).map(([name]) => name);
  if (unused.length > 0) throw new Error(`${CONFIG_FILE} has fewer site lines than the test gives values for: ${unused.join(", ")}`);
  return lines.join("\n");
}

/** The figures of a location of the configuration: its request rate, burst, connections and read timeout. */
export function limitsOf(config: string, location: string): { rate: number; burst: number; connections: number; readTimeoutMs: number } {
  const start = config.indexOf(`  location ${location} {\n`);
  const block = config.slice(start, config.indexOf("\n  }\n", start));
  const [, zone, burst] = /\n\s*limit_req zone=(\w+) burst=(\d+) nodelay;/.exec(block) ?? [];
  const [, rate] = new RegExp(`zone=${zone}:\\w+ rate=(\\d+)r/s;`).exec(config) ?? [];
  const [, connections] = /\n\s*limit_conn \w+ (\d+);/.exec(block) ?? [];
  const [, readTimeout] = /\n\s*proxy_read_timeout (\d+)s;/.exec(block) ?? [];
  const figures = { rate: Number(rate), burst: Number(burst), connections: Number(connections), readTimeoutMs: Number(readTimeout) * 1000 };
  if (start < 0 || !Object.values(figures).every((figure) => figure > 0)) throw new Error(`${CONFIG_FILE}: no rate, burst, connection limit or read timeout found for ${location}`);
  return figures;
}

export interface Nginx {
  port: number;
  /** nginx's error log so far (its refusals by a limit are logged there, with the client's address). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx with the site file `render(port)` gives, on a free port of 127.0.0.1. */
export async function startNginx(render: (port: number) => string): Promise<Nginx> {
  if (!existsSync(NGINX_BIN)) {
    throw new Error(`The nginx test needs Debian's nginx: ${NGINX_BIN} is missing. Install it (apt-get install -y nginx) or set NGINX_BIN to its binary.`);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), render);
    } catch (error) {
      // Another process took the free port before nginx did.
      if (attempt === 3 || !String(error).includes("Address already in use")) throw error;
    }
  }
}

async function startOn(port: number, render: (port: number) => string): Promise<Nginx> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "nginx-test-"));
  // The workers (nobody, when started as root) read the site's files in it.
  chmodSync(dir, 0o755);
  const errorLog = path.join(dir, "error.log");
  writeFileSync(path.join(dir, "app.conf"), render(port));
  const asRoot = process.getuid?.() === 0;
  const main = [
    "# The test's main file: the site is app.conf (docs/nginx/app.conf, its site lines replaced).",
    "daemon off;",
    "worker_processes 1;",
    ...(asRoot ? ["user nobody nogroup;"] : []),
    `pid ${dir}/nginx.pid;`,
    `error_log ${errorLog} info;`,
    "events { worker_connections 1024; }",
    "http {",
    ...(existsSync(MIME_TYPES) ? [`  include ${MIME_TYPES};`] : []),
    "  default_type application/octet-stream;",
    `  access_log ${dir}/access.log;`,
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
    `  include ${dir}/app.conf;`,
    "}",
    "",
  ];
  writeFileSync(path.join(dir, "nginx.conf"), main.join("\n"));

  const child = spawn(NGINX_BIN, ["-p", `${dir}/`, "-c", path.join(dir, "nginx.conf"), "-e", errorLog], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => void (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const readLog = () => (existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "");

  const stop = async () => {
    unregister();
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killed = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killed);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const unregister = stopOnSignal(stop);

  // Ready once it has written its pid, which it does once it has its port, and accepts connections;
  // a configuration it refuses, or a port taken, ends it first.
  let stopped = false;
  void exited.then(() => (stopped = true));
  const deadline = Date.now() + 10_000;
  while (!(existsSync(path.join(dir, "nginx.pid")) && (await accepts(port)))) {
    if (stopped || Date.now() > deadline) {
      const log = readLog();
      await stop();
      throw new Error(`nginx did not start (${stopped ? `exit ${child.exitCode}` : "not listening after 10 s"}):\n${output}${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port, errorLog: readLog, stop };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

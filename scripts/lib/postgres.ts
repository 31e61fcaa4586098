/**
 * A private PostgreSQL server for the indexer's and the account API's tests and the benchmark: initdb in a temporary folder, `pg_ctl start`
 * on its own port, stopped and removed afterwards. Debian's `postgresql` package provides the
 * binaries (POSTGRES_BIN names another folder). Without them the tests fail, saying so: they never
 * skip, so that CI cannot pass without having tested PostgreSQL (docs/testing.md).
 *
 * PostgreSQL refuses to run as root; as root (CI, these machines), the server runs as the
 * `postgres` user the package creates, through `runuser`.
 */
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";

import { stopOnSignal } from "./stop-on-signal";

const BIN = process.env.POSTGRES_BIN ?? "/usr/lib/postgresql/15/bin";

export interface Postgres {
  /** A connection string for the server's `postgres` database. */
  url: string;
  /** Stops the server, keeping its data (a restart under load: `resume` starts it again). */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPostgres(port: number): Promise<Postgres> {
  if (!existsSync(path.join(BIN, "initdb"))) {
    throw new Error(`The tests need PostgreSQL: ${BIN}/initdb is missing. Install it (apt-get install -y postgresql) or set POSTGRES_BIN to its bin folder.`);
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "indexer-pg-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = asRoot ? ["runuser", "-u", "postgres", "--", path.join(BIN, tool), ...args] : [path.join(BIN, tool), ...args];
    execFileSync(command!, rest, { stdio: "pipe", timeout: 60_000 });
  };
  // No fsync makes the server start and write in a fraction of the time. A process killed (the
  // tests' crashes) still leaves its writes to the system, which keeps them; a power cut is not tested.
  run("initdb", ["-D", data, "-U", "indexer", "--auth=trust", "--encoding=UTF8", "--no-sync"]);
  const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () => run("pg_ctl", ["-D", data, "-o", settings, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "start"]);
  start();
  const stop = async () => {
    unregister();
    try {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A daemon: nothing but this stops it, on a signal too.
  const unregister = stopOnSignal(stop);
  return {
    url: `postgresql://indexer@127.0.0.1:${port}/postgres`,
    pause: async () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    resume: async () => start(),
    stop,
  };
}

/** A new, empty database `name` on the server of `serverUrl`; returns its connection string. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * One writer, several readers (docs/operations.md §5), and what keeps a client from stalling them
 * (docs/decisions/indexer.md), on a PostgreSQL server of this file's own: the end of the file stops
 * it under the readers, which the other files' shared server must not be.
 *
 * - Two `ponder serve` readers answer what the writer answers, byte for byte, and keep answering
 *   while the writer restarts; what the writer indexes after its restart reaches them.
 * - /ready is 200 only within 2 blocks of the node's head, on the writer and on the readers.
 * - A request whose client leaves is cancelled in the database, not left running; a statement past
 *   the timeout is stopped and answered 503.
 * - A route reads its page's rows and a constant, however many fills an order has had.
 * - With PostgreSQL down, /health fails, and no answer says more than a few generic words.
 */
import { Wallet, parseEther } from "ethers";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { hardhatKey } from "../../scripts/lib/injected-wallet";

import { freePort } from "../../scripts/lib/free-port";
import { startPostgres, type Postgres } from "../../scripts/lib/postgres";
import { startIndexer, type Service } from "../../scripts/lib/stack";
import { Chain } from "../e2e/support/chain";
import { caughtUp } from "./support/history";
import { startReader } from "./support/reader";
import { BIG_ORDER, BIG_ORDER_FILLS, HEAVY_SELLER, fillProjections } from "../../scripts/bench/indexer";

const { nodeUrl, addressBook } = inject("indexerChain");
const chain = new Chain(nodeUrl, addressBook);
const [alice, bob] = [1, 2].map((index) => new Wallet(hardhatKey(index), chain.provider)) as [Wallet, Wallet];

let postgres: Postgres;
let writer: { url: string; port: number; service: Service };
/** `patient` waits out any statement (a long timeout: what it stops, its client's leaving stopped); `strict` stops one after 300 ms. */
let readers: Record<"patient" | "strict", { url: string; service: Service }>;

async function startWriter(port: number): Promise<Service> {
  return startIndexer({ port, rpcUrl: nodeUrl, addressBook, databaseUrl: postgres.url, pollingMs: 100 });
}

beforeAll(async () => {
  postgres = await startPostgres(await freePort());
  const port = await freePort();
  writer = { url: `http://127.0.0.1:${port}`, port, service: await startWriter(port) };
  const reader = async (timeoutMs: number) => {
    const readerPort = await freePort();
    const service = await startReader({ port: readerPort, rpcUrl: nodeUrl, addressBook, databaseUrl: postgres.url, env: { INDEXER_STATEMENT_TIMEOUT_MS: String(timeoutMs) } });
    return { url: `http://127.0.0.1:${readerPort}`, service };
  };
  readers = { patient: await reader(60_000), strict: await reader(300) };
});

afterAll(async () => {
  await Promise.all([writer?.service.stop(), ...Object.values(readers ?? {}).map(({ service }) => service.stop())]);
  await postgres?.stop().catch(() => undefined);
});

const everyReader = () => Object.values(readers);

/** The routes the app reads, with accounts and orders the seed made. */
function routes(): string[] {
  return [
    "/events?limit=100",
    `/accounts/${alice.address}/activity?limit=100`,
    `/accounts/${bob.address}/activity`,
    `/accounts/${alice.address}/claims`,
    `/accounts/${alice.address}/orders?limit=100`,
    `/accounts/${bob.address}/orders?limit=100`,
    "/orders/0/fills",
    `/accounts/${alice.address}/team`,
    `/members?address=${bob.address}`,
    "/market/fills",
    "/pools/lucky/winners",
    "/governance/operations",
    "/governance/roles",
  ];
}

const body = async (url: string) => {
  const reply = await fetch(url);
  return `${reply.status} ${await reply.text()}`;
};

describe("One writer and two readers on one PostgreSQL", () => {
  it("answer the same, route for route, byte for byte", async () => {
    await caughtUp(writer.url, chain.provider);
    for (const route of routes()) {
      const written = await body(`${writer.url}/history${route}`);
      expect(written, route).toMatch(/^200 \{"items":\[/);
      for (const { url } of everyReader()) expect(await body(`${url}/history${route}`), route).toBe(written);
    }
  });

  it("keep answering while the writer restarts, and then show what it indexed since", async () => {
    let stop = false;
    const asked = (async () => {
      const failures: string[] = [];
      let answered = 0;
      while (!stop) {
        for (const { url } of everyReader()) {
          for (const path of ["/health", "/history/events?limit=5", "/history/market/fills"]) {
            const reply = await fetch(`${url}${path}`).catch((error: Error) => ({ status: error.message, text: () => "" }));
            if (reply.status === 200) answered += 1;
            else failures.push(`${path}: ${reply.status}`);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return { failures, answered };
    })();
    await writer.service.stop();
    // While it is down: an order listed, which only the restarted writer can index.
    const seller = alice;
    await (await chain.token("MV").connect(seller).approve(chain.addresses.MvMarket!, parseEther("150"))).wait();
    await (await chain.market.connect(seller).list(parseEther("150"))).wait();
    writer.service = await startWriter(writer.port);
    await caughtUp(writer.url, chain.provider);
    stop = true;
    const { failures, answered } = await asked;
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(10);
    const route = `/accounts/${seller.address}/orders`;
    const written = await body(`${writer.url}/history${route}`);
    const [newest] = (JSON.parse(written.slice(4)) as { items: { txHash: string }[] }).items;
    const listed = await chain.provider.getBlock("latest");
    expect(newest?.txHash).toBe(listed?.transactions[0]);
    for (const { url } of everyReader()) expect(await body(`${url}/history${route}`)).toBe(written);
  });

  it("are ready only within 2 blocks of the node's head", async () => {
    await caughtUp(writer.url, chain.provider);
    for (const url of [writer.url, ...everyReader().map((reader) => reader.url)]) expect((await fetch(`${url}/ready`)).status, url).toBe(200);
    await writer.service.stop();
    for (let i = 0; i < 3; i++) await chain.mine();
    for (const { url } of everyReader()) {
      const reply = await fetch(`${url}/ready`);
      expect(reply.status).toBe(503);
      expect(await reply.json()).toEqual({ error: "behind the chain", behind: 3 });
    }
    writer.service = await startWriter(writer.port);
    await caughtUp(writer.url, chain.provider);
    for (const { url } of everyReader()) expect((await fetch(`${url}/ready`)).status).toBe(200);
  });
});

describe("A reader's statements", () => {
  /** Holds the claim table locked (as a migration would), so that a route's statement waits on it until released. */
  async function locked<T>(run: (database: pg.Client) => Promise<T>): Promise<T> {
    const holder = new pg.Client({ connectionString: postgres.url });
    const watcher = new pg.Client({ connectionString: postgres.url });
    await Promise.all([holder.connect(), watcher.connect()]);
    try {
      await holder.query("BEGIN; LOCK TABLE history.claim IN ACCESS EXCLUSIVE MODE");
      return await run(watcher);
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      await Promise.all([holder.end(), watcher.end()]);
    }
  }
  /** The routes' statements waiting on the lock, by the routes' pool's name (indexer/src/api/reader.ts). */
  const waiting = async (database: pg.Client) =>
    Number((await database.query<{ n: string }>("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'history_api' AND state = 'active' AND wait_event_type = 'Lock'")).rows[0]!.n);
  const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it("are cancelled in the database when their client leaves", async () => {
    await locked(async (database) => {
      const leaving = new AbortController();
      const asked = fetch(`${readers.patient.url}/history/accounts/${alice.address}/claims`, { signal: leaving.signal }).catch(() => "left");
      await until("the statement to wait on the lock", async () => (await waiting(database)) === 1);
      leaving.abort();
      expect(await asked).toBe("left");
      // Its timeout is a minute: gone within seconds, it was cancelled.
      await until("the statement to be cancelled", async () => (await waiting(database)) === 0, 5_000);
    });
    // The reader goes on answering.
    expect((await fetch(`${readers.patient.url}/history/accounts/${alice.address}/claims`)).status).toBe(200);
  });

  it("are stopped past the statement timeout, answered 503 in a few words", async () => {
    await locked(async (database) => {
      const started = Date.now();
      const reply = await fetch(`${readers.strict.url}/history/accounts/${alice.address}/claims`);
      expect(reply.status).toBe(503);
      expect(await reply.json()).toEqual({ error: "history is unavailable" });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(await waiting(database)).toBe(0);
    });
  });
});

describe("What a route reads", () => {
  /** The fills an order carries in the orders route (FILLS_PER_ORDER in indexer/src/api/index.ts, which only Ponder can load). */
  const FILLS_PER_ORDER = 5;
  /** Where fillProjections puts the order of 4,000 fills: the seller's oldest. */
  const BIG_ORDER_POSITION = 200_000_000n * 1_000_000n;
  /** Rows of history.fill the server has read, by index or by scan, as its statistics count them. */
  const fillRowsRead = async (database: pg.Client) => {
    await database.query("SELECT pg_stat_clear_snapshot()");
    const { rows } = await database.query<{ n: string }>("SELECT coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) AS n FROM pg_stat_user_tables WHERE schemaname = 'history' AND relname = 'fill'");
    return Number(rows[0]!.n);
  };
  /**
   * The fill rows read since the last call, once the server's statistics have them all: a backend
   * reports what it read when idle, at most once a second, else up to 10 s later, so the count is
   * taken once it has not moved for 11 s.
   */
  async function settledCount(database: pg.Client): Promise<number> {
    let count = await fillRowsRead(database);
    let since = Date.now();
    while (Date.now() - since < 11_000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = await fillRowsRead(database);
      if (now !== count) [count, since] = [now, Date.now()];
    }
    return count;
  }
  /** The fill rows `path` reads on the patient reader, nothing else reading meanwhile. */
  async function fillRowsReadBy(database: pg.Client, before: number, path: string): Promise<{ read: number; body: unknown; count: number }> {
    const reply = await fetch(`${readers.patient.url}/history${path}`);
    expect(reply.status, path).toBe(200);
    const body: unknown = await reply.json();
    const count = await settledCount(database);
    return { read: count - before, body, count };
  }

  it("is its page's rows and a constant: 20 orders of 20 fills read 5 fills each, an order of 4,000 fills reads one page", { timeout: 120_000 }, async () => {
    await fillProjections(postgres.url);
    const database = new pg.Client({ connectionString: postgres.url });
    await database.connect();
    try {
      const start = await settledCount(database);
      // Asked for 100, a page of orders is 20 (ORDERS_PER_PAGE), and `next` leads on.
      const orders = await fillRowsReadBy(database, start, `/accounts/${HEAVY_SELLER}/orders?limit=100`);
      const page = orders.body as { items: { fills: unknown[] }[]; next: string | null };
      expect(page.items).toHaveLength(20);
      expect(page.next).not.toBeNull();
      expect(page.items.every((order) => order.fills.length === FILLS_PER_ORDER)).toBe(true);
      // Every fill of those orders would be 400; the newest 5 of each are 100.
      expect(orders.read).toBeGreaterThan(0);
      expect(orders.read).toBeLessThanOrEqual(20 * FILLS_PER_ORDER + 10);
      // The seller's oldest order, the one with 4,000 fills (the page before it ends at its successor).
      const oldest = await fillRowsReadBy(database, orders.count, `/accounts/${HEAVY_SELLER}/orders?limit=100&cursor=${BIG_ORDER_POSITION + 1n}`);
      const [big] = (oldest.body as { items: { index: string; fillCount: number; fills: unknown[] }[] }).items;
      expect([big?.index, big?.fillCount, big?.fills.length]).toEqual([String(BIG_ORDER), BIG_ORDER_FILLS, FILLS_PER_ORDER]);
      expect(oldest.read).toBeGreaterThan(0);
      expect(oldest.read).toBeLessThanOrEqual(FILLS_PER_ORDER + 10);
      const fills = await fillRowsReadBy(database, oldest.count, `/orders/${BIG_ORDER}/fills?limit=100`);
      expect((fills.body as { items: unknown[] }).items).toHaveLength(100);
      expect(fills.read).toBeGreaterThan(0);
      expect(fills.read).toBeLessThanOrEqual(101 + 10);
    } finally {
      await database.end();
    }
  });
});

describe("With PostgreSQL down", () => {
  it("/health fails, the routes answer 503, and no answer names a cause, a file or a query", async () => {
    await writer.service.stop();
    await postgres.stop();
    for (const { url } of everyReader()) {
      const health = await fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) });
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ error: "the database cannot be read" });
      const route = await fetch(`${url}/history/accounts/${alice.address}/claims`, { signal: AbortSignal.timeout(10_000) });
      expect(route.status).toBe(503);
      expect(await route.json()).toEqual({ error: "history is unavailable" });
      // Ponder's own route, which would send the exception's message and file, and retry for minutes.
      const started = Date.now();
      const status = await fetch(`${url}/status`, { signal: AbortSignal.timeout(30_000) });
      expect(status.status).toBe(503);
      expect(await status.json()).toEqual({ error: "history is unavailable" });
      expect(Date.now() - started).toBeLessThan(10_000);
    }
  });
});

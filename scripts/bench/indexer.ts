/**
 * The indexer's figures (docs/performance.md), against a local chain it indexes into a private
 * PostgreSQL server (the production database; scripts/lib/postgres.ts), through a counting proxy
 * in front of the node:
 *
 * - Indexing rate: at least 10,000 product events on chain before it starts (5,000 orders listed,
 *   then bought 50 fills a buy), events per second from its server answering to its caught up.
 * - Lag: blocks between the node's head and the indexer's last block, sampled every 50 ms while
 *   an action is mined every 500 ms (BNB Chain makes a block every 0.75 s).
 * - Requests to the node: JSON-RPC calls per second in that live phase, and in the backfill.
 * - A history query's p95: 100,000 rows in its tables (inserted with SQL, as many as the chain
 *   would take hours to make here), then the account routes asked 600 times over HTTP.
 * - Every route under load: the same tables with the heavy shapes anyone can make for gas (a seller
 *   with 300 orders of 20 fills, an order with 4,000 fills, a referrer with 5,000 members), then
 *   each route's largest pages asked by 20 clients at once (each from its own loopback address, as
 *   20 users are), its p95.
 * - Starvation: one client keeps 16 of the heaviest requests (a seller's 100 orders with their
 *   fills) open while a second asks for small pages; the second's p95 against its p95 alone.
 *
 * `npm run bench:indexer` runs it alone; `npm run bench` runs it too. Budgets: budgets.ts.
 */
import http from "node:http";

import { Wallet, parseEther } from "ethers";
import pg from "pg";

import { ERC20__factory, MvMarket__factory } from "../../typechain-types";
import { freePort } from "../lib/free-port";
import { hardhatKey } from "../lib/injected-wallet";
import { localProvider, rpc } from "../lib/json-rpc";
import { startPostgres, type Postgres } from "../lib/postgres";
import { RpcProxy } from "../lib/rpc-proxy";
import { deploy, startIndexer, startNode, type Service } from "../lib/stack";
import { INDEXER_BUDGETS, checksTable, type Check } from "./budgets";

export interface IndexerReport {
  events: number;
  backfillSeconds: number;
  eventsPerSecond: number;
  backfillCalls: number;
  lagMaxBlocks: number;
  lagP95Blocks: number;
  liveBlocks: number;
  liveCallsPerSecond: number;
  queryRows: number;
  queryP95Ms: number;
  queryMedianMs: number;
  /** Each route's p95 with ROUTE_CLIENTS clients asking at once, ms. */
  routeP95Ms: Record<string, number>;
  /** The second client's p95 alone, and while the first holds STARVATION_OPEN heavy requests open, ms. */
  starvationAloneP95Ms: number;
  starvationLoadedP95Ms: number;
  /** Requests of the heavy client answered while the second was measured (it was not idle). */
  starvationHeavyRequests: number;
}

const ORDERS = 5_000;
const FILLS_PER_BUY = 50;
const SEND_BATCH = 200;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** Signs `count` calls from `wallet` with consecutive nonces and sends them in JSON-RPC batches, mining each batch. */
async function sendMany(nodeUrl: string, wallet: Wallet, to: string, data: (i: number) => string, count: number, gasLimit: bigint): Promise<void> {
  let nonce = await wallet.getNonce();
  for (let start = 0; start < count; start += SEND_BATCH) {
    const raw: string[] = [];
    for (let i = start; i < Math.min(count, start + SEND_BATCH); i++) {
      raw.push(await wallet.signTransaction({ to, data: data(i), nonce: nonce++, gasLimit, gasPrice: 10n ** 9n, chainId: 56n }));
    }
    const replies = (await (await fetch(nodeUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(raw.map((tx, id) => ({ jsonrpc: "2.0", id, method: "eth_sendRawTransaction", params: [tx] }))) })).json()) as { error?: { message: string } }[];
    const refused = replies.find((reply) => reply.error);
    if (refused) throw new Error(`The node refused a transaction: ${refused.error!.message}`);
    // Mined until the pool is empty (a block holds what its gas limit allows).
    while ((await rpc<{ transactions: string[] }>(nodeUrl, "eth_getBlockByNumber", ["pending", false])).transactions.length > 0) await rpc(nodeUrl, "evm_mine");
  }
}

/** ≥ 10,000 product events: ORDERS orders listed by one seller, then bought FILLS_PER_BUY at a time.
 *  The seller keeps as much MV again for the live phase's orders. */
async function makeEvents(nodeUrl: string, addresses: Record<string, string>): Promise<void> {
  const provider = localProvider(nodeUrl);
  const [owner, seller, buyer] = [0, 1, 2].map((index) => new Wallet(hardhatKey(index), provider));
  const mint = new (await import("ethers")).Interface(["function mint(address to, uint256 amount)"]);
  const lot = parseEther("100");
  const total = lot * BigInt(ORDERS);
  await rpc(nodeUrl, "evm_setAutomine", [false]);
  try {
    const erc20 = ERC20__factory.createInterface();
    const market = MvMarket__factory.createInterface();
    await sendMany(nodeUrl, owner!, addresses.MV!, () => mint.encodeFunctionData("mint", [seller!.address, total * 2n]), 1, 200_000n);
    await sendMany(nodeUrl, owner!, addresses.USDT!, () => mint.encodeFunctionData("mint", [buyer!.address, total * 2n]), 1, 200_000n);
    await sendMany(nodeUrl, seller!, addresses.MV!, () => erc20.encodeFunctionData("approve", [addresses.MvMarket!, total * 2n]), 1, 200_000n);
    await sendMany(nodeUrl, buyer!, addresses.USDT!, () => erc20.encodeFunctionData("approve", [addresses.MvMarket!, total * 2n]), 1, 200_000n);
    await sendMany(nodeUrl, seller!, addresses.MvMarket!, () => market.encodeFunctionData("list", [lot]), ORDERS, 300_000n);
    // Price 1 USDT a MV on the freshly deployed chain: each buy takes FILLS_PER_BUY whole lots.
    await sendMany(nodeUrl, buyer!, addresses.MvMarket!, () => market.encodeFunctionData("buy", [lot * BigInt(FILLS_PER_BUY), 0n]), ORDERS / FILLS_PER_BUY, 15_000_000n);
  } finally {
    await rpc(nodeUrl, "evm_setAutomine", [true]);
  }
}

async function indexedBlock(url: string): Promise<number> {
  const status = (await (await fetch(`${url}/status`)).json()) as { bsc?: { block: { number: number } } };
  return status.bsc?.block.number ?? -1;
}

async function countEvents(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM history.event")).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** Vacuums and analyses the tables just filled, as a server that has run a while has them: else the
 *  database's own autovacuum starts on them in the middle of the timings, a core's worth of work. */
async function vacuumed(client: pg.Client, tables: string[]): Promise<void> {
  for (const table of tables) await client.query(`VACUUM (ANALYZE) history.${table}`);
  // And written out: else PostgreSQL's next checkpoint writes the fill's pages to disk in the
  // middle of the timings, which a request then waits on.
  await client.query("CHECKPOINT");
}

/** Fills the tables to `rows` events with SQL: 1,000 accounts, one of them in 10% of the rows, each event with its party and one in ten a claim. */
export async function fillTables(databaseUrl: string, rows: number): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const heavy = "0x00000000000000000000000000000000000b0b00";
  try {
    const have = Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM history.event")).rows[0]!.n);
    const add = Math.max(0, rows - have);
    // Ponder's triggers (its reorganisation log and live queries) are for its own writes, from its
    // own session: these rows are final, so they are written as a replica would, without them.
    await client.query("SET session_replication_role = replica");
    // Blocks far past the chain's, so the synthetic rows sort as the newest.
    await client.query(`
      WITH s AS (
        SELECT i, (100000000 + i)::bigint AS block,
          CASE WHEN i % 10 = 0 THEN '${heavy}' ELSE '0x' || lpad(to_hex(i % 1000), 40, '0') END AS account
        FROM generate_series(1, ${add}) AS i
      ), e AS (
        INSERT INTO history.event (id, contract, name, sender, args, log_index, position, block_number, time, tx_hash)
        SELECT 'bench-' || i, 'Revenue', 'Claimed', account, json_build_object('member', account), 0, block * 1000000, block, 1800000000 + i, '0x' || lpad(to_hex(i), 64, '0') FROM s
        RETURNING 1
      ), p AS (
        INSERT INTO history.event_party (id, account, event_id, position)
        SELECT 'bench-' || i || ':' || account, account, 'bench-' || i, block * 1000000 FROM s
        RETURNING 1
      )
      INSERT INTO history.claim (id, member, settler, usd_value, acb_amount, acb_price, position, block_number, time, tx_hash)
      SELECT 'bench-' || i, account, account, 1000000000000000000, 500000000000000000, 2000000000000000000, block * 1000000, block, 1800000000 + i, '0x' || lpad(to_hex(i), 64, '0') FROM s WHERE i % 10 = 0 OR i % 7 = 0`);
    await vacuumed(client, ["event", "event_party", "claim"]);
  } finally {
    await client.end();
  }
  return heavy;
}

/** The heavy shapes anyone can make for gas, in the projections: a seller with HEAVY_ORDERS orders
 *  of HEAVY_FILLS fills each, one order with BIG_ORDER_FILLS fills, a referrer with TEAM members,
 *  and pool winners. Written as fillTables writes, in blocks past the chain's. */
export const HEAVY_SELLER = "0x00000000000000000000000000000000005e11e2";
const HEAVY_REFERRER = "0x000000000000000000000000000000000000fe22";
export const HEAVY_ORDERS = 300;
export const HEAVY_FILLS = 20;
export const BIG_ORDER = 90_000_000n;
export const BIG_ORDER_FILLS = 4_000;
const TEAM = 5_000;
/** The charts' sums (docs/decisions/charts.md): three years of hours and of days. */
const CHART_HOURS = 3 * 365 * 24;
const CHART_DAYS = 3 * 365;
export const HEAVY_CLAIMER = "0x00000000000000000000000000000000000c1a1e";

export async function fillProjections(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const row = (i: string) => `(200000000 + ${i})::bigint * 1000000, 200000000 + ${i}, 1800000000 + ${i}, '0x' || lpad(to_hex(${i}), 64, 'f')`;
  try {
    await client.query("SET session_replication_role = replica");
    await client.query(`
      INSERT INTO history.sale_order (index, seller, amount, sold, received, fill_count, position, block_number, time, tx_hash)
      SELECT 80000000 + i, '${HEAVY_SELLER}', 10^20, 10^19, 10^19, ${HEAVY_FILLS}, ${row("i * 100")} FROM generate_series(1, ${HEAVY_ORDERS}) AS i
      UNION ALL SELECT ${BIG_ORDER}, '${HEAVY_SELLER}', 10^24, 10^22, 10^22, ${BIG_ORDER_FILLS}, ${row("0")}`);
    await client.query(`
      INSERT INTO history.fill (id, order_index, seller, buyer, mv_amount, usdt_amount, position, block_number, time, tx_hash)
      SELECT 'bench-fill-' || o || '-' || f, 80000000 + o, '${HEAVY_SELLER}', '0x' || lpad(to_hex(f), 40, '0'), 10^18, 10^18, ${row("o * 100 + f")}
      FROM generate_series(1, ${HEAVY_ORDERS}) AS o, generate_series(1, ${HEAVY_FILLS}) AS f
      UNION ALL SELECT 'bench-big-' || f, ${BIG_ORDER}, '${HEAVY_SELLER}', '0x' || lpad(to_hex(f), 40, '0'), 10^18, 10^18, (300000000 + f)::bigint * 1000000, 300000000 + f, 1900000000 + f, '0x' || lpad(to_hex(f), 64, 'e')
      FROM generate_series(1, ${BIG_ORDER_FILLS}) AS f`);
    await client.query(`
      INSERT INTO history.member (address, referrer, position, block_number, time, tx_hash)
      SELECT '0x' || lpad(to_hex(1000000 + i), 40, '0'), '${HEAVY_REFERRER}', ${row("i")} FROM generate_series(1, ${TEAM}) AS i`);
    await client.query(`
      INSERT INTO history.pool_win (id, pool, round, winner, amount, position, block_number, time, tx_hash)
      SELECT 'bench-win-' || i, CASE WHEN i % 2 = 0 THEN 'lucky' ELSE 'max' END, i, '0x' || lpad(to_hex(i), 40, '0'), 10^20, ${row("i")} FROM generate_series(1, 2000) AS i`);
    // The charts' sums: three years of the market's hours and days, and of one member's claim days.
    await client.query(`
      INSERT INTO history.market_hour (start, mv_amount, usdt_amount, fills)
      SELECT 1700000000 + i * 3600, 10^20, 2 * 10^19, 3 FROM generate_series(1, ${CHART_HOURS}) AS i`);
    await client.query(`
      INSERT INTO history.market_day (start, mv_amount, usdt_amount, fills)
      SELECT 1700000000 + i * 86400, 10^21, 2 * 10^20, 30 FROM generate_series(1, ${CHART_DAYS}) AS i`);
    await client.query(`
      INSERT INTO history.claim_day (id, member, start, usd_value, acb_amount, claims)
      SELECT '${HEAVY_CLAIMER}:' || (1700000000 + i * 86400), '${HEAVY_CLAIMER}', 1700000000 + i * 86400, 10^18, 5 * 10^17, 1 FROM generate_series(1, ${CHART_DAYS}) AS i`);
    await vacuumed(client, ["sale_order", "fill", "member", "pool_win", "market_hour", "market_day", "claim_day"]);
  } finally {
    await client.end();
  }
}

/** A client with its own loopback address (127.0.0.<n>): the indexer shares its work between clients by address. */
function clientAt(n: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 64, localAddress: `127.0.0.${n}` });
}

/** GET `url` through `agent`: the status, the end of the body (where a page's `next` is) and the
 *  time to its last byte, in ms. Only the end is kept: this process shares the machine's two cores
 *  with the server and the database, and 20 clients' pages of 100 rows are megabytes a second. */
function get(url: string, agent: http.Agent): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (reply) => {
        let tail = Buffer.alloc(0);
        reply.on("data", (chunk: Buffer) => (tail = Buffer.concat([tail, chunk]).subarray(-200)));
        reply.on("end", () => resolve({ status: reply.statusCode ?? 0, body: tail.toString("utf8"), ms: performance.now() - started }));
      })
      .on("error", reject);
  });
}

/** A route's largest pages, following `next` from page to page (and back to the first), for one client. */
function pager(base: string, route: string, agent: http.Agent): () => Promise<number> {
  let cursor: string | null = null;
  return async () => {
    const query = `${route.includes("?") ? "&" : "?"}limit=100${cursor ? `&cursor=${cursor}` : ""}`;
    const { status, body, ms } = await get(`${base}/history${route}${query}`, agent);
    if (status !== 200) throw new Error(`${route}: ${status} ${body.slice(0, 200)}`);
    // The cursor is the body's last field (`get` keeps the end of the body).
    cursor = /"next":"(\d+)"\}$/.exec(body)?.[1] ?? null;
    return ms;
  };
}

const ROUTE_CLIENTS = 20;
const REQUESTS_PER_CLIENT = 100;
const STARVATION_OPEN = 16;

/** The routes, each with the heaviest account or order the tables have for it. */
export function routesUnderLoad(heavyAccount: string): string[] {
  const members = Array.from({ length: 100 }, (_, i) => `address=0x${(1_000_001 + i * 7).toString(16).padStart(40, "0")}`).join("&");
  return [
    "/events",
    `/accounts/${heavyAccount}/activity`,
    `/accounts/${heavyAccount}/claims`,
    `/accounts/${HEAVY_SELLER}/orders`,
    `/orders/${BIG_ORDER}/fills`,
    `/accounts/${HEAVY_REFERRER}/team`,
    "/market/hours",
    "/market/days",
    `/accounts/${HEAVY_CLAIMER}/claims/days`,
    `/members?${members}`,
    "/market/fills",
    "/pools/lucky/winners",
    "/governance/operations",
    "/governance/roles",
  ];
}

/** Each route asked by ROUTE_CLIENTS clients at once, REQUESTS_PER_CLIENT each, one after another; each route's p95. */
export async function timeRoutesUnderLoad(url: string, routes: string[]): Promise<Record<string, number>> {
  const agents = Array.from({ length: ROUTE_CLIENTS }, (_, i) => clientAt(10 + i));
  const result: Record<string, number> = {};
  try {
    for (const route of routes) {
      const times: number[] = [];
      await Promise.all(
        agents.map(async (agent) => {
          // The same pages twice, the first time untimed: a p95 under load is the server's steady
          // state, where the pages users read are in the database's cache, not its first reads of
          // the rows this benchmark has just written (the first route timed was 38-74 ms in
          // runs where the same route timed again after the others was 21-24 ms).
          const warmUp = pager(url, route, agent);
          for (let i = 0; i < REQUESTS_PER_CLIENT; i++) await warmUp();
          const next = pager(url, route, agent);
          for (let i = 0; i < REQUESTS_PER_CLIENT; i++) times.push(await next());
        }),
      );
      result[route.replace(/0x[0-9a-f]{40}/g, "0x…").replace(/(address=0x…&?)+/, "address=0x…×100")] = percentile(times, 95);
    }
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return result;
}

/** A second client's small pages (claims, activity and team of ordinary accounts), timed one after another. */
async function timeSecondClient(url: string, agent: http.Agent, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const account = `0x${((i * 37) % 1000).toString(16).padStart(40, "0")}`;
    const route = [`/accounts/${account}/claims`, `/accounts/${account}/activity`, `/accounts/${account}/team`][i % 3]!;
    const { status, ms } = await get(`${url}/history${route}`, agent);
    if (status !== 200) throw new Error(`${route}: ${status}`);
    times.push(ms);
  }
  return times;
}

/**
 * The second client's p95 alone, and while the first keeps STARVATION_OPEN of the heaviest requests
 * open: three rounds of each, one after the other, so that whatever else the machine is doing
 * weighs on both figures alike.
 */
export async function timeStarvation(url: string): Promise<{ alone: number; loaded: number; heavyRequests: number }> {
  const heavy = clientAt(2);
  const second = clientAt(3);
  const alone: number[] = [];
  const loaded: number[] = [];
  let heavyRequests = 0;
  try {
    await timeSecondClient(url, second, 60); // warm-up
    for (let round = 0; round < 3; round++) {
      alone.push(...(await timeSecondClient(url, second, 150)));
      let holding = true;
      const holders = Array.from({ length: STARVATION_OPEN }, async () => {
        while (holding) {
          const { status } = await get(`${url}/history/accounts/${HEAVY_SELLER}/orders?limit=100`, heavy);
          if (status !== 200) throw new Error(`the heavy client's request: ${status}`);
          heavyRequests += 1;
        }
      });
      await new Promise((resolve) => setTimeout(resolve, 300)); // the heavy load under way
      loaded.push(...(await timeSecondClient(url, second, 150)));
      holding = false;
      await Promise.all(holders);
    }
    return { alone: percentile(alone, 95), loaded: percentile(loaded, 95), heavyRequests };
  } finally {
    heavy.destroy();
    second.destroy();
  }
}

/** Times `count` requests of the account routes, first pages and pages deep by cursor; returns the times in ms. */
export async function timeQueries(url: string, heavy: string, count: number): Promise<number[]> {
  const times: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < count; i++) {
    const account = i % 3 === 0 ? heavy : `0x${(i % 1000).toString(16).padStart(40, "0")}`;
    const route = i % 2 === 0 ? "activity" : "claims";
    const query: string = account === heavy && cursor ? `?cursor=${cursor}` : "";
    const started = performance.now();
    const reply = await fetch(`${url}/history/accounts/${account}/${route}${query}`);
    const page = (await reply.json()) as { items: unknown[]; next: string | null };
    times.push(performance.now() - started);
    if (!reply.ok || !Array.isArray(page.items)) throw new Error(`${route}: ${reply.status}`);
    if (account === heavy && route === "activity") cursor = page.next;
  }
  return times;
}

export async function measureIndexer(say: (line: string) => void = console.log): Promise<IndexerReport> {
  let postgres: Postgres | undefined;
  let node: Service | undefined;
  let indexer: Service | undefined;
  let proxy: RpcProxy | undefined;
  let indexerUrl = "";
  try {
    postgres = await startPostgres(await freePort());
    const nodePort = await freePort();
    node = await startNode(nodePort);
    const nodeUrl = `http://127.0.0.1:${nodePort}`;
    say("Indexer: deploying, then making ≥ 10,000 events…");
    const addressBook = await deploy(nodeUrl, "bench-indexer");
    const { contracts } = (await import(addressBook)) as { contracts: Record<string, string> };
    await makeEvents(nodeUrl, contracts);
    proxy = new RpcProxy(nodeUrl, await freePort());
    await proxy.up();

    say("Indexer: backfill…");
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    indexerUrl = url;
    const head = await localProvider(nodeUrl).getBlockNumber();
    const starting = startIndexer({ port, rpcUrl: proxy.url, addressBook, databaseUrl: postgres.url });
    // From its server answering (its build and migrations done) to its last block indexed.
    while (!(await fetch(`${url}/health`).then((reply) => reply.ok).catch(() => false))) await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    proxy.reset();
    while ((await indexedBlock(url).catch(() => -1)) < head) await new Promise((resolve) => setTimeout(resolve, 20));
    const backfillSeconds = (performance.now() - started) / 1000;
    const backfillCalls = proxy.read().calls;
    indexer = await starting;
    const events = await countEvents(postgres.url);

    say("Indexer: live, an action every 500 ms…");
    const provider = localProvider(nodeUrl);
    const seller = new Wallet(hardhatKey(1), provider);
    const market = MvMarket__factory.connect(contracts.MvMarket!, seller);
    const lags: number[] = [];
    let sampling = true;
    let samplingFailure: unknown;
    const sampler = (async () => {
      while (sampling) {
        const [chainHead, indexed] = await Promise.all([provider.getBlockNumber(), indexedBlock(url)]);
        lags.push(Math.max(0, chainHead - indexed));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })().catch((error: unknown) => {
      samplingFailure = error;
    });
    proxy.reset();
    const liveStarted = performance.now();
    const firstBlock = await provider.getBlockNumber();
    for (let i = 0; i < 40; i++) {
      const sent = performance.now();
      await (await market.list(parseEther("100"))).wait();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 500 - (performance.now() - sent))));
    }
    const liveSeconds = (performance.now() - liveStarted) / 1000;
    const liveCalls = proxy.read().calls;
    sampling = false;
    await sampler;
    if (samplingFailure) throw samplingFailure;
    const liveBlocks = (await provider.getBlockNumber()) - firstBlock;

    say("Indexer: 100,000 rows, query times…");
    const heavy = await fillTables(postgres.url, 100_000);
    const queryRows = await countEvents(postgres.url);
    await timeQueries(url, heavy, 60); // warm-up
    const times = await timeQueries(url, heavy, 600);

    say(`Indexer: every route, ${ROUTE_CLIENTS} clients at once; then one client holding ${STARVATION_OPEN} heavy requests open…`);
    await fillProjections(postgres.url);
    const routeP95Ms = await timeRoutesUnderLoad(url, routesUnderLoad(heavy));
    const starvation = await timeStarvation(url);
    return {
      events,
      backfillSeconds,
      eventsPerSecond: events / backfillSeconds,
      backfillCalls,
      lagMaxBlocks: Math.max(...lags),
      lagP95Blocks: percentile(lags, 95),
      liveBlocks,
      liveCallsPerSecond: liveCalls / liveSeconds,
      queryRows,
      queryP95Ms: percentile(times, 95),
      queryMedianMs: percentile(times, 50),
      routeP95Ms,
      starvationAloneP95Ms: starvation.alone,
      starvationLoadedP95Ms: starvation.loaded,
      starvationHeavyRequests: starvation.heavyRequests,
    };
  } catch (error) {
    if (indexer) say(`The indexer (${indexer.running ? "running" : "exited"} on ${indexerUrl}); its last lines:\n${indexer.tail(30)}`);
    throw error;
  } finally {
    await indexer?.stop();
    await proxy?.down();
    await node?.stop();
    await postgres?.stop();
  }
}

export function indexerChecks(report: IndexerReport): Check[] {
  const b = INDEXER_BUDGETS;
  return [
    { what: "indexer: events indexed in the backfill", value: report.events.toLocaleString("en-US"), budget: `>= ${b.minEvents.toLocaleString("en-US")}`, ok: report.events >= b.minEvents },
    { what: "indexer: indexing rate (backfill, events/s)", value: report.eventsPerSecond.toFixed(0), budget: `>= ${b.minEventsPerSecond}`, ok: report.eventsPerSecond >= b.minEventsPerSecond },
    { what: "indexer: lag behind the head (blocks, max)", value: String(report.lagMaxBlocks), budget: `<= ${b.lagBlocks}`, ok: report.lagMaxBlocks <= b.lagBlocks },
    { what: `indexer: history query p95 at ${report.queryRows.toLocaleString("en-US")} rows (ms)`, value: report.queryP95Ms.toFixed(1), budget: `<= ${b.queryP95Ms}`, ok: report.queryP95Ms <= b.queryP95Ms && report.queryRows >= 100_000 },
    ...Object.entries(report.routeP95Ms).map(([route, p95]) => ({
      what: `indexer: ${route} p95, ${ROUTE_CLIENTS} clients at once (ms)`,
      value: p95.toFixed(1),
      budget: `<= ${b.routeP95Ms}`,
      ok: p95 <= b.routeP95Ms && report.queryRows >= b.minRouteEvents,
    })),
    {
      what: `indexer: a client's p95 while another holds ${STARVATION_OPEN} heavy requests open, over its p95 alone (${report.starvationLoadedP95Ms.toFixed(1)} / ${report.starvationAloneP95Ms.toFixed(1)} ms)`,
      value: `${(report.starvationLoadedP95Ms / report.starvationAloneP95Ms).toFixed(2)}x`,
      budget: `<= ${b.starvationRatio}x`,
      ok: report.starvationLoadedP95Ms <= b.starvationRatio * report.starvationAloneP95Ms && report.starvationHeavyRequests > 0,
    },
    { what: "indexer: requests to the node, live (calls/s)", value: report.liveCallsPerSecond.toFixed(1), budget: `<= ${b.liveCallsPerSecond}`, ok: report.liveCallsPerSecond <= b.liveCallsPerSecond },
  ];
}

if (require.main === module) {
  measureIndexer()
    .then((report) => {
      console.log(JSON.stringify(report, null, 2));
      const checks = indexerChecks(report);
      console.log(checksTable(checks));
      process.exit(checks.every((check) => check.ok) ? 0 : 1);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}

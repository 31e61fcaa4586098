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
 *
 * `npm run bench:indexer` runs it alone; `npm run bench` runs it too. Budgets: budgets.ts.
 */
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

/** Fills the tables to `rows` events with SQL: 1,000 accounts, one of them in 10% of the rows, each event with its party and one in ten a claim. */
async function fillTables(databaseUrl: string, rows: number): Promise<string> {
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
    await client.query("ANALYZE history.event; ANALYZE history.event_party; ANALYZE history.claim");
  } finally {
    await client.end();
  }
  return heavy;
}

/** Times `count` requests of the account routes, first pages and pages deep by cursor; returns the times in ms. */
async function timeQueries(url: string, heavy: string, count: number): Promise<number[]> {
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

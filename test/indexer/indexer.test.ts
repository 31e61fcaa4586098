/**
 * The indexer (indexer/, docs/decisions/indexer.md) against the chain's own logs, on both of its
 * databases at once: PGlite (what `npm run dev` uses) and PostgreSQL (what a deployment uses).
 * The seed's actions are read as a backfill; the rest of the product's actions (an exchange, both
 * pools settled, a price change scheduled and one applied, claims, owner changes through the
 * AccessManager scheduled, executed, cancelled, left pending or to expire) are sent while the
 * indexers run, so live indexing is tested too. Then a reorganisation (evm_snapshot / evm_revert)
 * must take out of every table what it undid.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { Interface, Wallet, parseEther } from "ethers";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { hardhatKey } from "../../scripts/lib/injected-wallet";
import { ROOT, startIndexer, type Service } from "../../scripts/lib/stack";
import { Chain, type ScheduledOperation } from "../e2e/support/chain";
import { freePort } from "../../scripts/lib/free-port";
import { allPages, caughtUp, chainEvents, type EventRow } from "./support/history";

const { nodeUrl, addressBook, databaseUrl } = inject("indexerChain");
const chain = new Chain(nodeUrl, addressBook);
const [alice, bob, carol] = [1, 2, 3].map((index) => new Wallet(hardhatKey(index), chain.provider));

interface Indexer {
  url: string;
  service: Service;
}
const indexers: Record<"PGlite" | "PostgreSQL", Indexer> = {} as never;
const pgliteDir = mkdtempSync(path.join(os.tmpdir(), "indexer-pglite-"));

async function start(databaseUrl?: string): Promise<Indexer> {
  const port = await freePort();
  const service = await startIndexer({ port, rpcUrl: nodeUrl, addressBook, pollingMs: 100, ...(databaseUrl ? { databaseUrl } : { dataDir: pgliteDir }) });
  return { url: `http://127.0.0.1:${port}`, service };
}

const everyIndexer = () => Object.values(indexers);
const allCaughtUp = () => Promise.all(everyIndexer().map(({ url }) => caughtUp(url, chain.provider)));

/** The owner changes sent through the manager (docs/decisions/governance.md), by what became of them. */
interface OwnerCall {
  target: string;
  data: string;
  scheduled: ScheduledOperation;
}
const owner: Record<"expired" | "executed" | "cancelled" | "pending" | "managerPending", OwnerCall> = {} as never;

async function scheduleCall(target: string, data: string): Promise<OwnerCall> {
  return { target, data, scheduled: await chain.schedule(target, data) };
}

/** The actions the seed does not do, sent while the indexers run. */
async function liveActions(): Promise<void> {
  // An owner change never executed: a week past its schedule it expires.
  owner.expired = await scheduleCall(chain.addresses.Revenue!, chain.revenue.interface.encodeFunctionData("setClaimInterval", [120n]));
  // An exchange: USDT to ACB.
  await (await chain.token("USDT").connect(alice).approve(chain.addresses.Swap!, parseEther("10"))).wait();
  await (await chain.swap.connect(alice).exchange(4, parseEther("10"), 0n)).wait();
  // Both pools run out and are settled; the week the first owner change had passes too.
  await chain.travel(8 * 24 * 3600);
  await (await chain.main.connect(bob).settleLuckyPool()).wait();
  await (await chain.main.connect(bob).settleMaxPool()).wait();
  // A price move beyond the guard's step is scheduled; setting the price in force applies at once
  // (the price setter's role, through the manager, waits for nothing).
  const acb = chain.addresses.ACB!;
  const price = await chain.main.priceOf(acb);
  const setPrice = (value: bigint) => chain.main.interface.encodeFunctionData("setPrice", [acb, value]);
  await chain.execute(chain.addresses.Main!, setPrice(price * 3n));
  await chain.execute(chain.addresses.Main!, setPrice(price));
  // Owner changes: a daily-rate cut scheduled and executed after the delay, a preaching-rate change
  // scheduled and cancelled, a market change and a grant of the manager's own left pending.
  owner.executed = await scheduleCall(chain.addresses.Revenue!, chain.revenue.interface.encodeFunctionData("setDailyRate", [50n]));
  owner.cancelled = await scheduleCall(chain.addresses.Revenue!, chain.revenue.interface.encodeFunctionData("setPreachingRates", [[800n, 400n, 200n]]));
  await chain.travel(Number(await chain.governanceDelay()));
  await chain.execute(owner.executed.target, owner.executed.data);
  await chain.cancel(owner.cancelled.target, owner.cancelled.data);
  owner.pending = await scheduleCall(chain.addresses.MvMarket!, chain.market.interface.encodeFunctionData("setMarketConfig", [parseEther("200"), 30n]));
  owner.managerPending = await scheduleCall(chain.addresses.AccessManager!, chain.manager.interface.encodeFunctionData("grantRole", [1n, carol.address, 0n]));
  // Seven small buys: the order at the front of the queue gets more fills than the orders route
  // carries with it (FILLS_PER_ORDER), the rest paged by /orders/:index/fills.
  await (await chain.token("USDT").connect(carol).approve(chain.addresses.MvMarket!, parseEther("1"))).wait();
  for (let buy = 0; buy < 7; buy++) await (await chain.market.connect(carol).buy(parseEther("0.01"), 0n)).wait();
  // Claims of preaching gold the seed's claim credited.
  await (await chain.revenue.connect(bob).claim(0n)).wait();
  await (await chain.revenue.connect(carol).claim(0n)).wait();
}

beforeAll(async () => {
  const [pglite, postgres] = await Promise.all([start(), start(databaseUrl)]);
  indexers.PGlite = pglite!;
  indexers.PostgreSQL = postgres!;
  await liveActions();
  await allCaughtUp();
});

afterAll(async () => {
  await Promise.all(everyIndexer().map(({ service }) => service.stop()));
  rmSync(pgliteDir, { recursive: true, force: true });
});

const pick = ({ position, contract, name, args, blockNumber, txHash }: EventRow) => ({ position, contract, name, args, blockNumber, txHash });

/** OpenZeppelin's AccessManager.expiration(): an operation not executed within a week of its schedule expires. */
const WEEK = 7n * 24n * 3600n;

const abiOf = (contract: string) => JSON.parse(readFileSync(path.join(ROOT, "contracts-abi", `${contract}.json`), "utf8")) as string[];

/** A decoded argument as the indexer keeps it: integers as decimal strings, addresses in lower case, arrays kept. */
function plainArg(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "string" && /^0x[0-9a-fA-F]{40}$/.test(value)) return value.toLowerCase();
  if (value && typeof value === "object" && "toArray" in value) return (value as { toArray(): unknown[] }).toArray().map(plainArg);
  return value;
}
const logsNamed = (logs: EventRow[], key: string) => logs.filter((log) => `${log.contract}:${log.name}` === key);

describe.each(["PGlite", "PostgreSQL"] as const)("The indexer on %s", (database) => {
  const url = () => indexers[database].url;

  it("holds every log of the product's contracts, in chain order, with its arguments, block and transaction", async () => {
    const logs = await chainEvents(chain.provider, chain.addresses);
    // Small pages, so that following the cursor is tested across many of them.
    const rows = await allPages<EventRow>(url(), "/events", 7);
    expect(rows.map(pick)).toEqual(logs);
    const kinds = new Set(logs.map((log) => `${log.contract}:${log.name}`));
    for (const kind of [
      "Community:Registered",
      "Community:SettlerChanged",
      "Main:Synthesized",
      "Main:LuckyPoolSettled",
      "Main:MaxPoolSettled",
      "Main:PriceChangeScheduled",
      "Main:PriceSet",
      "Revenue:Claimed",
      "Revenue:PreachingGoldCredited",
      "Swap:Exchanged",
      "MvMarket:Listed",
      "MvMarket:Filled",
      "MvMarket:Bought",
      "MvMarket:Withdrawn",
      "AccessManager:RoleGranted",
      "AccessManager:OperationScheduled",
      "AccessManager:OperationExecuted",
      "AccessManager:OperationCanceled",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it("lists each member's claims: when, how much in USD and ACB, and to whom", async () => {
    const logs = logsNamed(await chainEvents(chain.provider, chain.addresses), "Revenue:Claimed");
    const members = [...new Set(logs.map((log) => log.args.member as string))];
    expect(members.length).toBeGreaterThanOrEqual(3);
    for (const member of members) {
      const claims = await allPages<Record<string, string>>(url(), `/accounts/${member.toUpperCase().replace("0X", "0x")}/claims`);
      expect(claims.map(({ position, settler, usdValue, acbAmount, acbPrice, txHash }) => ({ position, settler, usdValue, acbAmount, acbPrice, txHash }))).toEqual(
        logs
          .filter((log) => log.args.member === member)
          .map(({ position, args, txHash }) => ({ position, settler: args.settler, usdValue: args.usdValue, acbAmount: args.acbAmount, acbPrice: args.acbPrice, txHash })),
      );
    }
  });

  it("lists each seller's orders with their newest fills (who bought how much, for how much), every fill a page at a time, and what was withdrawn when", async () => {
    const logs = await chainEvents(chain.provider, chain.addresses);
    const listed = logsNamed(logs, "MvMarket:Listed");
    const fills = logsNamed(logs, "MvMarket:Filled");
    const withdrawals = logsNamed(logs, "MvMarket:Withdrawn");
    expect(fills.length).toBeGreaterThan(0);
    const fillOf = (fill: (typeof fills)[number]) => ({ buyer: fill.args.buyer, mvAmount: fill.args.mvAmount, usdtAmount: fill.args.usdtAmount, txHash: fill.txHash });
    let manyFills = 0;
    for (const seller of new Set(listed.map((log) => log.args.seller as string))) {
      type Order = { index: string; amount: string; sold: string; fillCount: number; withdrawn: string | null; withdrawTxHash: string | null; fills: Record<string, string>[] };
      const orders = await allPages<Order>(url(), `/accounts/${seller}/orders`);
      const expected = listed
        .filter((log) => log.args.seller === seller)
        .map((log) => {
          const own = fills.filter((fill) => fill.args.index === log.args.index);
          const withdrawal = withdrawals.find((w) => w.args.index === log.args.index);
          return {
            index: log.args.index,
            amount: log.args.amount,
            sold: own.reduce((sum, fill) => sum + BigInt(fill.args.mvAmount as string), 0n).toString(),
            fillCount: own.length,
            withdrawn: (withdrawal?.args.amount as string | undefined) ?? null,
            withdrawTxHash: withdrawal?.txHash ?? null,
            fills: own.slice(0, 5).map(fillOf),
          };
        });
      expect(
        orders.map(({ index, amount, sold, fillCount, withdrawn, withdrawTxHash, fills }) => ({
          index,
          amount,
          sold,
          fillCount,
          withdrawn,
          withdrawTxHash,
          fills: fills.map(({ buyer, mvAmount, usdtAmount, txHash }) => ({ buyer, mvAmount, usdtAmount, txHash })),
        })),
      ).toEqual(expected);
      // A nested fill leaves out what its order says and what no view shows (OrderFillJson).
      for (const order of orders) for (const fill of order.fills) expect(Object.keys(fill).sort()).toEqual(["buyer", "mvAmount", "position", "time", "txHash", "usdtAmount"]);
      for (const order of expected.filter((candidate) => candidate.fillCount > 0)) {
        const every = await allPages<Record<string, string>>(url(), `/orders/${order.index as string}/fills`, 2);
        expect(every.map(({ buyer, mvAmount, usdtAmount, txHash }) => ({ buyer, mvAmount, usdtAmount, txHash }))).toEqual(fills.filter((fill) => fill.args.index === order.index).map(fillOf));
        if (order.fillCount > 5) manyFills += 1;
      }
    }
    expect(manyFills, "an order with more fills than the orders route carries").toBeGreaterThan(0);
    const market = await allPages<Record<string, string>>(url(), "/market/fills", 1);
    expect(market.map(({ position, orderIndex, buyer }) => ({ position, orderIndex, buyer }))).toEqual(fills.map(({ position, args }) => ({ position, orderIndex: args.index, buyer: args.buyer })));
  });

  it("lists both pools' winners and prizes, and when each member joined under whom", async () => {
    const logs = await chainEvents(chain.provider, chain.addresses);
    for (const [pool, key] of [["lucky", "Main:LuckyPoolSettled"], ["max", "Main:MaxPoolSettled"]] as const) {
      const winners = await allPages<Record<string, string>>(url(), `/pools/${pool}/winners`);
      const settled = logsNamed(logs, key);
      expect(settled.length).toBeGreaterThan(0);
      expect(winners.map(({ round, winner, amount }) => ({ round, winner, amount }))).toEqual(settled.map(({ args }) => ({ round: args.round, winner: args.winner, amount: args.amount })));
    }
    const registered = logsNamed(logs, "Community:Registered").filter((log) => log.args.referrer === alice.address.toLowerCase());
    const team = await allPages<Record<string, string>>(url(), `/accounts/${alice.address}/team`, 2);
    expect(team.map(({ address, position }) => ({ address, position }))).toEqual(registered.map(({ args, position }) => ({ address: args.member, position })));
    // The same members looked up by address, as the team page asks for the page it shows.
    const query = registered.map(({ args }) => `address=${args.member as string}`).join("&");
    const looked = (await (await fetch(`${url()}/history/members?${query}&address=${"0x".padEnd(42, "9")}`)).json()) as { items: Record<string, string>[] };
    expect(looked.items.map(({ address, referrer, position }) => ({ address, referrer, position })).sort((a, b) => a.position.localeCompare(b.position))).toEqual(
      registered.map(({ args, position }) => ({ address: args.member, referrer: alice.address.toLowerCase(), position })).sort((a, b) => a.position.localeCompare(b.position)),
    );
  });

  it("sums the market's fills per UTC hour and day, and each member's claims per UTC day, as the charts read them", async () => {
    const logs = await chainEvents(chain.provider, chain.addresses);
    const timeOf = async (blockNumber: string) => BigInt((await chain.provider.getBlock(Number(blockNumber)))!.timestamp);
    /** `rows` summed per bucket of `length` seconds, newest first, as the routes answer. */
    const sums = async (rows: EventRow[], length: bigint, amounts: string[], count: string) => {
      const buckets = new Map<bigint, Record<string, bigint>>();
      for (const row of rows) {
        const time = await timeOf(row.blockNumber);
        const start = time - (time % length);
        const sum = buckets.get(start) ?? Object.fromEntries([...amounts, count].map((key) => [key, 0n]));
        for (const key of amounts) sum[key]! += BigInt(row.args[key] as string);
        sum[count]! += 1n;
        buckets.set(start, sum);
      }
      return [...buckets]
        .sort(([a], [b]) => (b > a ? 1 : -1))
        .map(([start, sum]) => ({ start: start.toString(), ...Object.fromEntries(Object.entries(sum).map(([key, value]) => [key, key === count ? Number(value) : value.toString()])) }));
    };

    const fills = logsNamed(logs, "MvMarket:Filled");
    const hours = await sums(fills, 3_600n, ["mvAmount", "usdtAmount"], "fills");
    const days = await sums(fills, 86_400n, ["mvAmount", "usdtAmount"], "fills");
    expect(days.length, "fills on more than one day").toBeGreaterThan(1);
    // Pages of one and two rows: the cursor is each bucket's start.
    expect(await allPages(url(), "/market/hours", 2)).toEqual(hours);
    expect(await allPages(url(), "/market/days", 1)).toEqual(days);

    const claims = logsNamed(logs, "Revenue:Claimed");
    for (const member of new Set(claims.map((log) => log.args.member as string))) {
      const own = claims.filter((log) => log.args.member === member);
      expect(await allPages(url(), `/accounts/${member}/claims/days`, 1)).toEqual(await sums(own, 86_400n, ["usdValue", "acbAmount"], "claims"));
    }
    expect((await allPages(url(), `/accounts/${"0x".padEnd(42, "7")}/claims/days`)).length, "an account without claims").toBe(0);
  });

  it("gives an account's activity: what it sent and what names it, newest first", async () => {
    const logs = await chainEvents(chain.provider, chain.addresses);
    const receipts = new Map<string, string>();
    for (const log of logs) receipts.set(log.txHash, (await chain.provider.getTransaction(log.txHash))!.from.toLowerCase());
    const account = bob.address.toLowerCase();
    const expected = logs.filter((log) => receipts.get(log.txHash) === account || JSON.stringify(log.args).includes(account));
    const activity = await allPages<EventRow>(url(), `/accounts/${bob.address}/activity`, 5);
    expect(activity.map(pick)).toEqual(expected);
  });

  it("projects the owner's operations: who scheduled which call, decoded, from when it may run, and what became of it", async () => {
    const logs = await chainEvents(chain.provider, chain.addresses);
    const idOf = (log: EventRow) => `${log.args.operationId as string}:${log.args.nonce as string}`;
    const closing = (name: string) => new Map(logsNamed(logs, `AccessManager:${name}`).map((log) => [idOf(log), log]));
    const executed = closing("OperationExecuted");
    const cancelled = closing("OperationCanceled");
    const head = BigInt((await chain.provider.getBlock("latest"))!.timestamp);
    const nameOf = new Map(Object.entries(chain.addresses).map(([name, address]) => [address.toLowerCase(), name]));
    const scheduled = logsNamed(logs, "AccessManager:OperationScheduled");
    expect(scheduled).toHaveLength(5);
    const expected = scheduled.map((log) => {
      const id = idOf(log);
      const closed = executed.get(id) ?? cancelled.get(id);
      const expiresAt = BigInt(log.args.schedule as string) + WEEK;
      const status = executed.has(id) ? "executed" : cancelled.has(id) ? "cancelled" : expiresAt <= head ? "expired" : "scheduled";
      const target = log.args.target as string;
      return { id, caller: log.args.caller, target, contract: nameOf.get(target) ?? null, data: log.args.data, schedule: log.args.schedule, expiresAt: expiresAt.toString(), status, txHash: log.txHash, closedTxHash: closed?.txHash ?? null };
    });
    type Operation = Record<string, unknown> & { data: string; contract: string; functionName: string; args: Record<string, unknown> };
    // Small pages: the cursor is followed across them.
    const rows = await allPages<Operation>(url(), "/governance/operations", 2);
    expect(rows.map(({ id, caller, target, contract, data, schedule, expiresAt, status, txHash, closedTxHash }) => ({ id, caller, target, contract, data, schedule, expiresAt, status, txHash, closedTxHash }))).toEqual(expected);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(["executed", "cancelled", "expired", "scheduled"]));

    // Each call decoded as its target's ABI decodes it, by parameter name.
    for (const row of rows) {
      const call = new Interface(abiOf(row.contract)).parseTransaction({ data: row.data })!;
      expect(row.functionName).toBe(call.name);
      expect(row.args).toEqual(Object.fromEntries(call.fragment.inputs.map((input, i) => [input.name, plainArg(call.args[i])])));
    }
    const rowOf = (call: OwnerCall) => rows.find((row) => row.data === call.data.toLowerCase());
    expect(rowOf(owner.executed)).toMatchObject({ contract: "Revenue", functionName: "setDailyRate", args: { dailyRateBps_: "50" }, status: "executed", schedule: String(owner.executed.scheduled.schedule) });
    expect(rowOf(owner.cancelled)).toMatchObject({ contract: "Revenue", functionName: "setPreachingRates", args: { ratesBps: ["800", "400", "200"] }, status: "cancelled" });
    expect(rowOf(owner.expired)).toMatchObject({ contract: "Revenue", functionName: "setClaimInterval", args: { interval: "120" }, status: "expired" });
    expect(rowOf(owner.pending)).toMatchObject({ contract: "MvMarket", functionName: "setMarketConfig", args: { minOrder_: parseEther("200").toString(), maxFillsPerBuy_: "30" }, status: "scheduled" });
    expect(rowOf(owner.managerPending)).toMatchObject({ contract: "AccessManager", functionName: "grantRole", args: { roleId: "1", account: carol.address.toLowerCase(), executionDelay: "0" }, status: "scheduled" });
    // Closed when and in which transaction the manager said so.
    const execution = executed.get(rowOf(owner.executed)!.id as string)!;
    expect(rowOf(owner.executed)).toMatchObject({ closedTxHash: execution.txHash, closedBlockNumber: execution.blockNumber, closedTime: String((await chain.provider.getBlock(Number(execution.blockNumber)))!.timestamp) });
    expect(rowOf(owner.pending)).toMatchObject({ closedTime: null, closedBlockNumber: null, closedTxHash: null });

    // Pending: what may still apply, newest first; executed: what applied.
    const pending = await allPages<Operation>(url(), "/governance/operations?status=pending", 1);
    expect(pending.map((row) => row.data)).toEqual([owner.managerPending.data.toLowerCase(), owner.pending.data.toLowerCase()]);
    const applied = await allPages<Operation>(url(), "/governance/operations?status=executed");
    expect(applied.map((row) => row.data)).toEqual([owner.executed.data.toLowerCase()]);
    // Past: what can no longer apply, executed, cancelled or expired; with the pending ones, every operation once.
    const past = await allPages<Operation>(url(), "/governance/operations?status=past", 1);
    expect(past.map((row) => row.data)).toEqual([owner.cancelled.data, owner.executed.data, owner.expired.data].map((data) => data.toLowerCase()));
    expect([...pending, ...past].map((row) => row.id).sort()).toEqual(rows.map((row) => row.id).sort());
  });

  it("names the manager's admin and its price setter, with their delays", async () => {
    const roles = await allPages<Record<string, string>>(url(), "/governance/roles");
    const deployer = chain.owner.address.toLowerCase();
    expect(roles.map(({ roleId, account, executionDelay }) => ({ roleId, account, executionDelay }))).toEqual([
      { roleId: "0", account: deployer, executionDelay: String(await chain.governanceDelay()) },
      { roleId: "1", account: deployer, executionDelay: "0" },
    ]);
  });

  it("refuses a malformed account, cursor, limit or pool with 400 and says what is wrong", async () => {
    const limit = /^limit must be a whole number/;
    for (const [route, says] of [
      ["/accounts/0x123/claims", /^the account must be a 0x address$/],
      ["/market/fills?cursor=abc", /^cursor must be/],
      ["/market/fills?limit=0", limit],
      ["/market/fills?limit=101", limit],
      ["/market/fills?limit=1e2", limit],
      ["/market/fills?limit=0x10", limit],
      ["/market/fills?limit=%205", limit],
      ["/pools/big/winners", /^the pool is 'lucky' or 'max'$/],
      ["/members", /accounts as \?address=$/],
      ["/members?address=0x12", /^the account must be a 0x address$/],
      ["/orders/x/fills", /^the order is a whole number$/],
      ["/orders/-1/fills", /^the order is a whole number$/],
      ["/governance/operations?status=soon", /^status is 'pending', 'past', 'executed' or 'all'$/],
      ["/governance/operations?status=pending&limit=0", limit],
    ] as const) {
      const reply = await fetch(`${url()}/history${route}`);
      expect(reply.status, route).toBe(400);
      expect(((await reply.json()) as { error: string }).error, route).toMatch(says);
    }
  });
});

describe("The PostgreSQL indexer", () => {
  it("keeps its rows in the PostgreSQL server, in its own schema", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ count: string }>("SELECT count(*) FROM history.event");
      expect(Number(rows[0]!.count)).toBe((await chainEvents(chain.provider, chain.addresses)).length);
    } finally {
      await client.end();
    }
  });
});

describe("A reorganisation", () => {
  it("takes out of every table the rows of the blocks it undid, on both databases", async () => {
    const before = await Promise.all(everyIndexer().map(({ url }) => allPages<EventRow>(url, "/events")));
    const snapshot = (await chain.provider.send("evm_snapshot", [])) as string;
    // A new order and a claim, on the branch that will be undone.
    await (await chain.token("MV").connect(alice).approve(chain.addresses.MvMarket!, parseEther("150"))).wait();
    await (await chain.market.connect(alice).list(parseEther("150"))).wait();
    await chain.travel(2 * 24 * 3600);
    await (await chain.revenue.connect(alice).claim(0n)).wait();
    // An owner change scheduled on that branch, and the one pending before it cancelled there.
    const undoneCall = chain.community.interface.encodeFunctionData("setMaxGenerations", [25n]);
    await chain.schedule(chain.addresses.Community!, undoneCall);
    await chain.cancel(owner.pending.target, owner.pending.data);
    await allCaughtUp();
    const pendingOf = async (url: string) => (await allPages<Record<string, string>>(url, "/governance/operations?status=pending")).map((row) => [row.data, row.status]);
    const pendingBefore = [
      [owner.managerPending.data.toLowerCase(), "scheduled"],
      [owner.pending.data.toLowerCase(), "scheduled"],
    ];
    for (const { url } of everyIndexer()) {
      expect(await pendingOf(url)).toEqual([[undoneCall.toLowerCase(), "scheduled"], pendingBefore[0]]);
      expect((await allPages<Record<string, string>>(url, `/accounts/${alice.address}/orders`)).length).toBeGreaterThan(0);
      expect((await allPages<EventRow>(url, "/events")).length).toBeGreaterThan(before[0]!.length);
    }
    const undone = await chain.provider.getBlockNumber();

    await chain.provider.send("evm_revert", [snapshot]);
    // The other branch grows past the undone one, as a longer chain replaces a shorter one.
    for (let block = await chain.provider.getBlockNumber(); block <= undone + 1; block++) await chain.mine();
    await allCaughtUp();

    const logs = await chainEvents(chain.provider, chain.addresses);
    for (const [i, { url }] of everyIndexer().entries()) {
      expect((await allPages<EventRow>(url, "/events")).map(pick)).toEqual(logs);
      expect(await allPages<EventRow>(url, "/events")).toEqual(before[i]);
      const orders = await allPages<Record<string, string>>(url, `/accounts/${alice.address}/orders`);
      expect(orders.map((order) => order.txHash)).toEqual(logsNamed(logs, "MvMarket:Listed").filter((log) => log.args.seller === alice.address.toLowerCase()).map((log) => log.txHash));
      expect(await allPages(url, `/accounts/${alice.address}/claims`)).toEqual([]);
      expect(await pendingOf(url)).toEqual(pendingBefore);
    }
  });
});

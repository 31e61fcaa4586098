/**
 * Slow and greedy clients over real sockets (docs/operations.md §4): headers, body and the whole
 * request each have a time limit (short here, so the tests run fast), an announced body over the
 * limit is refused at once without being read, and one client address holds a bounded number of
 * open connections.
 */
import net from "node:net";

import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { expect } from "chai";

import { membersFixture, type Fixture } from "../contracts/shared/fixtures";
import { startApi, type RunningApi } from "./harness";

interface Exchange {
  /** What the server wrote back. */
  text: string;
  status: number;
  /** When the server closed the connection, in ms after it opened; undefined if it was still open at the deadline. */
  closedAfter?: number;
  /** When the first byte of an answer came, in ms after the connection opened. */
  answeredAfter?: number;
}

/** Opens a connection, writes `head`, then one byte of `drip` every `everyMs`, until the server closes or `deadlineMs` passes. */
function exchange(api: RunningApi, head: string, options: { drip?: string; everyMs?: number; deadlineMs: number; localAddress?: string }): Promise<Exchange> {
  const { hostname, port } = new URL(api.url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect({ port: Number(port), host: hostname, localAddress: options.localAddress });
    const chunks: Buffer[] = [];
    let answeredAfter: number | undefined;
    let sent = 0;
    const drip = options.drip
      ? setInterval(() => {
          if (sent < options.drip!.length && socket.writable) socket.write(options.drip![sent++]);
        }, options.everyMs ?? 100)
      : undefined;
    const finish = (closedAfter?: number) => {
      clearInterval(drip);
      clearTimeout(deadline);
      socket.destroy();
      const text = Buffer.concat(chunks).toString("latin1");
      resolve({ text, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), closedAfter, answeredAfter });
    };
    const deadline = setTimeout(() => finish(undefined), options.deadlineMs);
    socket.on("data", (chunk) => {
      answeredAfter ??= Date.now() - started;
      chunks.push(chunk);
    });
    socket.on("error", () => undefined);
    socket.on("close", () => finish(Date.now() - started));
    socket.write(head);
  });
}

const POST_HEAD = (length: number) => `POST /api/login HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe("Account API against slow clients", function () {
  let fixture: Fixture;
  let api: RunningApi;

  beforeEach(async function () {
    fixture = await loadFixture(membersFixture);
  });

  afterEach(async function () {
    await api?.close();
  });

  it("answers headers that take too long with a 408 and closes", async function () {
    api = await startApi(fixture, { headersTimeoutMs: 300 });
    const reply = await exchange(api, "POST /api/login HTTP/1.1\r\nHost: a\r\n", { drip: "X-Slow: ".padEnd(200, "z"), everyMs: 50, deadlineMs: 3_000 });
    expect(reply.closedAfter, "still open at 3 s").to.be.a("number").and.below(2_000);
    expect(reply.status).to.equal(408);
  });

  it("answers a body that takes too long with a 408 and closes", async function () {
    api = await startApi(fixture, { bodyTimeoutMs: 300 });
    const reply = await exchange(api, POST_HEAD(200), { drip: "{".padEnd(200, " "), everyMs: 50, deadlineMs: 3_000 });
    expect(reply.closedAfter, "still open at 3 s").to.be.a("number").and.below(2_000);
    expect([reply.status, reply.text]).to.satisfy(([status, text]: [number, string]) => status === 408 && text.includes("errors:malformedRequest"));
  });

  it("closes a request that takes too long as a whole, even when each part is in time", async function () {
    api = await startApi(fixture, { headersTimeoutMs: 300, bodyTimeoutMs: 5_000, requestTimeoutMs: 600 });
    const reply = await exchange(api, POST_HEAD(200), { drip: "{".padEnd(200, " "), everyMs: 50, deadlineMs: 4_000 });
    expect(reply.closedAfter, "still open at 4 s").to.be.a("number").and.below(3_000);
    expect(reply.status).to.equal(408);
  });

  it("refuses an announced body over the limit at once, without waiting for it, and closes", async function () {
    api = await startApi(fixture, { bodyTimeoutMs: 300 });
    const reply = await exchange(api, `POST /api/register HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`, {
      deadlineMs: 3_000,
    });
    expect(reply.answeredAfter, "no answer in 3 s").to.be.a("number").and.below(1_000);
    expect(reply.status).to.equal(413);
    expect(reply.text).to.contain("errors:bodyTooLarge").and.match(/\r\nconnection: close\r\n/i);
    expect(reply.closedAfter, "still open at 3 s").to.be.a("number").and.below(2_000);
  });

  /** A connection from `localAddress` to the API, open and idle. */
  const open = (localAddress: string) =>
    new Promise<net.Socket>((resolve) => {
      const { hostname, port } = new URL(api.url);
      const socket = net.connect({ port: Number(port), host: hostname, localAddress }, () => resolve(socket));
      socket.on("error", () => undefined);
    });

  it("holds each client address to a number of open connections; other clients still get in", async function () {
    api = await startApi(fixture, { connectionsPerClient: 3 });
    const held = await Promise.all([open("127.0.0.1"), open("127.0.0.1"), open("127.0.0.1")]);
    const ask = (localAddress: string) => exchange(api, "GET /api/config HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", { deadlineMs: 2_000, localAddress });
    try {
      const beyond = await ask("127.0.0.1");
      expect([beyond.status, beyond.closedAfter !== undefined]).to.deep.equal([0, true]);
      expect((await ask("127.0.0.2")).status).to.equal(200);
      held[0].destroy();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await ask("127.0.0.1")).status).to.equal(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });

  it("leaves a trusted proxy's connections uncapped: the proxy caps its clients'", async function () {
    api = await startApi(fixture, { connectionsPerClient: 1, trustedProxies: ["127.0.0.0/8"] });
    // Two connections held open first: a third from the same address is over a cap of 1 for sure.
    const held = await Promise.all([open("127.0.0.1"), open("127.0.0.1")]);
    try {
      const reply = await exchange(api, "GET /api/config HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", { deadlineMs: 2_000, localAddress: "127.0.0.1" });
      expect(reply.status).to.equal(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});

import fs from "node:fs";
import net from "node:net";
import path from "node:path";

import { expect } from "chai";

import { configFromEnv, startApi } from "../../mocks/api/start";
import { REFERRER_TIMEOUT_MS, addressBookReferrers, rpcReferrers } from "../../mocks/api/referrers";
import { temporaryDataDir } from "./harness";

describe("Account API process", function () {
  it("reads its settings from the environment, with local defaults", function () {
    expect(configFromEnv({}, "/repo")).to.deep.equal({
      port: 8787,
      host: "127.0.0.1",
      dataDir: "/repo/.data/api",
      databaseUrl: undefined,
      rpcUrl: "http://127.0.0.1:8545",
      addressBook: "/repo/deployments/local.json",
      origin: "http://127.0.0.1:5173",
      trustedProxies: [],
      writesPerMinute: undefined,
      headersTimeoutMs: undefined,
      bodyTimeoutMs: undefined,
      requestTimeoutMs: undefined,
      connectionsPerClient: undefined,
      sessionTtlMs: undefined,
      nonceTtlMs: undefined,
      logLevel: "info",
      logFile: undefined,
    });
    const config = configFromEnv({ API_PORT: "9000", API_DATA_DIR: "/tmp/x", API_SESSION_TTL_SECONDS: "60", RPC_URL: "http://node:8545" }, "/repo");
    expect(config).to.include({ port: 9000, dataDir: "/tmp/x", sessionTtlMs: 60_000, rpcUrl: "http://node:8545" });
    const limits = configFromEnv({ API_HEADERS_TIMEOUT_SECONDS: "5", API_BODY_TIMEOUT_SECONDS: "6", API_REQUEST_TIMEOUT_SECONDS: "20", API_CONNECTIONS_PER_CLIENT: "8" });
    expect(limits).to.include({ headersTimeoutMs: 5_000, bodyTimeoutMs: 6_000, requestTimeoutMs: 20_000, connectionsPerClient: 8 });
  });

  it("refuses to start on a setting that is not a positive whole number", function () {
    expect(() => configFromEnv({ API_SESSION_TTL_SECONDS: "abc" })).to.throw("API_SESSION_TTL_SECONDS must be a positive whole number, got 'abc'.");
    expect(() => configFromEnv({ API_PORT: "-1" })).to.throw("API_PORT must be a positive whole number");
    expect(configFromEnv({ API_DATABASE_URL: "postgresql://api:secret@db:5432/accounts" }).databaseUrl).to.equal("postgresql://api:secret@db:5432/accounts");
    // Refused without repeating it: a URL may carry a password.
    expect(() => configFromEnv({ API_DATABASE_URL: "mysql://api:secret@db/accounts" })).to.throw(/^API_DATABASE_URL must be a PostgreSQL URL, as postgresql:\/\/user:password@host:5432\/accounts\.$/);
  });

  it("says clearly when its port is taken", async function () {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as net.AddressInfo;
    const config = { ...configFromEnv({ LOG_LEVEL: "silent" }), port, dataDir: temporaryDataDir() };
    try {
      await startApi(config).then(
        () => expect.fail("started on a taken port"),
        (error: Error) => expect(error.message).to.equal(`Port ${port} is in use: stop what listens there or set API_PORT to another port.`),
      );
    } finally {
      blocker.close();
    }
  });

  it("fails a referrer check, rather than hang, when the node is down or the address book has no Community", async function () {
    const wallet = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    await rpcReferrers("http://127.0.0.1:9", 56, wallet)(wallet).then(
      () => expect.fail("answered without a node"),
      (error: Error) => expect(error.message).to.match(/ECONNREFUSED|connect/i),
    );
    const book = path.join(temporaryDataDir(false), "local.json");
    fs.writeFileSync(book, JSON.stringify({ chainId: 56, contracts: {} }));
    await addressBookReferrers("http://127.0.0.1:9", book)(wallet).then(
      () => expect.fail("answered without an address"),
      (error: Error) => expect(error.message).to.contain("has no Community address"),
    );
  });

  it("gives up on a node that accepts the connection and never answers, after the timeout", async function () {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const wallet = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    const book = path.join(temporaryDataDir(false), "local.json");
    fs.writeFileSync(book, JSON.stringify({ chainId: 56, contracts: { Community: wallet } }));
    try {
      for (const check of [rpcReferrers(`http://127.0.0.1:${port}`, 56, wallet, 300), addressBookReferrers(`http://127.0.0.1:${port}`, book, 300)]) {
        const started = Date.now();
        await check(wallet).then(
          () => expect.fail("answered without a node"),
          (error: Error) => expect(error.message).to.match(/timeout/i),
        );
        expect(Date.now() - started).to.be.within(250, 5_000);
      }
      expect(sockets.size).to.be.greaterThan(0);
      expect(REFERRER_TIMEOUT_MS).to.equal(10_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

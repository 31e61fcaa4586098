/**
 * The account API on each engine (docs/decisions/account-storage.md): nonce issuance at 0 and at
 * 100,000 outstanding nonces (nonces.ts), and sign-ins per second over HTTP: clients that each ask
 * a nonce, sign it and log in, one after the other, for SIGN_IN_SECONDS. The API runs in this
 * process on a new database, with the referrer check answering yes (no chain is needed).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { Wallet } from "ethers";

import { createApiServer } from "../../mocks/api/server";
import { login, register } from "../lib/account-api-client";
import { measureNonces, type NonceEngine, type NonceReport } from "./nonces";

const CLIENTS = 8;
const SIGN_IN_SECONDS = 10;

export interface AccountApiReport {
  nonces: NonceReport;
  signInsPerSecond: number;
}

async function signInsPerSecond(engine: NonceEngine): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-api-"));
  const app = await createApiServer({
    dataDir,
    databaseUrl: await engine.freshDatabase?.(),
    referrers: async () => true,
    origin: "http://bench.test",
    writesPerMinute: 1_000_000,
    logger: false,
  });
  try {
    const api = { url: await app.listen({ port: 0, host: "127.0.0.1" }) };
    const referrer = Wallet.createRandom().address;
    const members = Array.from({ length: CLIENTS }, () => Wallet.createRandom());
    for (const [index, member] of members.entries()) {
      const reply = await register(api, member, { account: `bench-${index}`, password: "correct horse", referrer });
      if (reply.status !== 201) throw new Error(`bench registration refused: ${JSON.stringify(reply.body)}`);
    }
    const until = Date.now() + SIGN_IN_SECONDS * 1000;
    let signIns = 0;
    await Promise.all(
      members.map(async (member) => {
        while (Date.now() < until) {
          const reply = await login(api, member);
          if (reply.status !== 200) throw new Error(`bench sign-in refused: ${JSON.stringify(reply.body)}`);
          signIns++;
        }
      }),
    );
    return signIns / SIGN_IN_SECONDS;
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureAccountApi(engine: NonceEngine): Promise<AccountApiReport> {
  return { nonces: await measureNonces(engine), signInsPerSecond: await signInsPerSecond(engine) };
}

/**
 * Runs the real account API on a temporary data directory, listening on a free port, with the
 * referrer check asking the Community contract of the in-process chain. Requests go over HTTP
 * with fetch, as the browser's do; passwords are encrypted with the served key (RSA-OAEP,
 * SHA-256) and proofs signed by Hardhat's accounts (EIP-191), as a wallet does.
 */
import { constants, publicEncrypt } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import type { Signer } from "ethers";
import type { FastifyInstance } from "fastify";
import { ethers } from "hardhat";

import { PRIVATE_KEY_FILE, loadOrCreateKeys } from "../../mocks/api/keys";
import { communityReferrers, type ReferrerCheck } from "../../mocks/api/referrers";
import { DEFAULT_NONCE_TTL_MS, DEFAULT_SESSION_TTL_MS, REDACTED_LOG_PATHS, createApiServer } from "../../mocks/api/server";
import type { ThrottlePolicy } from "../../mocks/api/throttle";
import type { Fixture } from "../contracts/shared/fixtures";

export { DEFAULT_NONCE_TTL_MS, DEFAULT_SESSION_TTL_MS };

/** One key pair for the whole run, copied into each data directory: 3072-bit keys take a while to make. */
let sharedKeyDir: string | undefined;
function sharedKeyFile(): string {
  if (!sharedKeyDir) {
    sharedKeyDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-key-"));
    loadOrCreateKeys(sharedKeyDir);
  }
  return path.join(sharedKeyDir, PRIVATE_KEY_FILE);
}

export function temporaryDataDir(withSharedKey = true): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "api-data-"));
  if (withSharedKey) fs.copyFileSync(sharedKeyFile(), path.join(dir, PRIVATE_KEY_FILE));
  return dir;
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RunningApi {
  url: string;
  app: FastifyInstance;
  dataDir: string;
  /** Every log line written, as text. */
  logs: string[];
  /** The server's clock: tests move it forward. */
  clock: { now: number };
  close: () => Promise<void>;
}

export interface StartOptions {
  dataDir?: string;
  referrers?: ReferrerCheck;
  clock?: { now: number };
  throttle?: ThrottlePolicy;
  /** The per-address request limit; high by default, since every test request comes from 127.0.0.1. */
  writesPerMinute?: number;
  /** The site named in wallet messages; null for the request's host. */
  site?: string | null;
}

export async function startApi(fixture: Fixture, options: StartOptions = {}): Promise<RunningApi> {
  const dataDir = options.dataDir ?? temporaryDataDir();
  const logs: string[] = [];
  const clock = options.clock ?? { now: Date.parse("2026-11-21T00:00:00Z") };
  const app = await createApiServer({
    dataDir,
    referrers: options.referrers ?? communityReferrers(ethers.provider, fixture.addresses.Community),
    site: options.site === null ? undefined : (options.site ?? "hashrate.test"),
    now: () => clock.now,
    throttle: options.throttle,
    writesPerMinute: options.writesPerMinute ?? 100_000,
    logger: { level: "info", redact: REDACTED_LOG_PATHS, stream: { write: (line: string) => void logs.push(line) } },
  });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return { url, app, dataDir, logs, clock, close: () => app.close() };
}

export async function call<T = Record<string, unknown>>(
  api: RunningApi,
  route: string,
  init: { method?: string; body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.raw !== undefined) body = init.raw;
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(`${api.url}${route}`, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as T, text };
}

/** The message key of a refusal. */
export const keyOf = (reply: Reply) => (reply.body as { error?: { key?: string } }).error?.key;

export async function encryptPassword(api: RunningApi, password: string): Promise<string> {
  const { body } = await call<{ key: string }>(api, "/api/config");
  return publicEncrypt({ key: body.key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(password, "utf8")).toString(
    "base64",
  );
}

export interface Proof {
  wallet: string;
  nonce: string;
  signature: string;
}

/** The server refused to hand out a nonce (say, a wallet that must wait): its reply. */
export class NonceRefused extends Error {
  constructor(readonly reply: Reply) {
    super(`nonce refused: ${reply.status} ${reply.text}`);
  }
}

/** A fresh nonce for `purpose`, signed by `signer` (or, to test refusals, by `signedBy`). */
export async function prove(api: RunningApi, signer: Signer, purpose: string, signedBy: Signer = signer): Promise<Proof> {
  const wallet = await signer.getAddress();
  const reply = await call<{ nonce: string; message: string }>(api, "/api/auth/nonce", { body: { wallet, purpose } });
  if (reply.status !== 200) throw new NonceRefused(reply as unknown as Reply);
  return { wallet, nonce: reply.body.nonce, signature: await signedBy.signMessage(reply.body.message) };
}

/** Posts to `route` with a proof; a refused nonce is the answer then. */
async function proven(api: RunningApi, route: string, signer: Signer, purpose: string, fields: object): Promise<Reply> {
  let proof: Proof;
  try {
    proof = await prove(api, signer, purpose);
  } catch (error) {
    if (error instanceof NonceRefused) return error.reply;
    throw error;
  }
  return call(api, route, { body: { ...fields, ...proof } });
}

export interface Member {
  account: string;
  password: string;
  referrer: string;
}

export async function register(api: RunningApi, signer: Signer, member: Member): Promise<Reply> {
  const password = await encryptPassword(api, member.password);
  return proven(api, "/api/register", signer, "register", { account: member.account, password, referrer: member.referrer });
}

export async function bind(api: RunningApi, signer: Signer, account: string, password: string): Promise<Reply> {
  return proven(api, "/api/bind", signer, "bind", { account, password: await encryptPassword(api, password) });
}

export async function login(api: RunningApi, signer: Signer): Promise<Reply> {
  return proven(api, "/api/login", signer, "login", {});
}

/**
 * A client of the account API over HTTP, as the web app talks to it: fetch only, given the API's
 * base URL (`{ url }`, so a running test server's handle serves as it is). Passwords are encrypted
 * with the served key (RSA-OAEP, SHA-256) and proofs signed by the wallet (EIP-191). The stack's
 * dev account (dev-account.ts), the benchmark's sign-in and the API tests use it. It knows the API
 * by its HTTP interface alone, never by its code (mocks/api), so the scripts and the API stay apart.
 */
import { constants, publicEncrypt } from "node:crypto";
import http from "node:http";

import type { Signer } from "ethers";

/** Where the API is: its base URL, without /api. */
export interface ApiBase {
  url: string;
  /** The local address requests leave from: tests play several clients over loopback (127.0.0.0/8). */
  localAddress?: string;
}

export interface Reply<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = Record<string, unknown>>(
  api: ApiBase,
  route: string,
  init: { method?: string; body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.raw !== undefined) body = init.raw;
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers["content-type"] ??= "application/json";
  const method = init.method ?? (body === undefined ? "GET" : "POST");
  const response = api.localAddress
    ? await requestFrom(api.localAddress, `${api.url}${route}`, { method, headers, body })
    : await fetch(`${api.url}${route}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : {}) as T, text };
}

/** What `fetch` does, from a chosen local address (fetch cannot choose one). */
function requestFrom(localAddress: string, url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.headers, localAddress }, (reply) => {
      const chunks: Buffer[] = [];
      reply.on("data", (chunk: Buffer) => chunks.push(chunk));
      reply.on("error", reject);
      reply.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(reply.headers)) if (typeof value === "string") headers.set(name, value);
        resolve(new Response(reply.statusCode === 204 ? null : Buffer.concat(chunks), { status: reply.statusCode, headers }));
      });
    });
    request.on("error", reject);
    request.end(init.body);
  });
}

/** The message key of a refusal. */
export const keyOf = (reply: Reply) => (reply.body as { error?: { key?: string } }).error?.key;

export async function encryptPassword(api: ApiBase, password: string): Promise<string> {
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
export async function prove(api: ApiBase, signer: Signer, purpose: string, signedBy: Signer = signer): Promise<Proof> {
  const wallet = await signer.getAddress();
  const reply = await call<{ nonce: string; message: string }>(api, "/api/auth/nonce", { body: { wallet, purpose } });
  if (reply.status !== 200) throw new NonceRefused(reply as unknown as Reply);
  return { wallet, nonce: reply.body.nonce, signature: await signedBy.signMessage(reply.body.message) };
}

/** Posts to `route` with a proof; a refused nonce is the answer then. */
async function proven(api: ApiBase, route: string, signer: Signer, purpose: string, fields: object): Promise<Reply> {
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

export async function register(api: ApiBase, signer: Signer, member: Member): Promise<Reply> {
  const password = await encryptPassword(api, member.password);
  return proven(api, "/api/register", signer, "register", { account: member.account, password, referrer: member.referrer });
}

export async function bind(api: ApiBase, signer: Signer, account: string, password: string): Promise<Reply> {
  return proven(api, "/api/bind", signer, "bind", { account, password: await encryptPassword(api, password) });
}

export async function login(api: ApiBase, signer: Signer): Promise<Reply> {
  return proven(api, "/api/login", signer, "login", {});
}

/**
 * A stand-in account API for screen tests, behind `fetch` (other requests go on to the JSON-RPC
 * stand-in). It keeps the real protocol: it hands out nonces, recovers the signer of each proof
 * (EIP-191), and decrypts passwords with its RSA private key, so a test proves the browser signs
 * and encrypts as the real server expects. Any route can be told to refuse once.
 */
import { verifyMessage } from "ethers/hash";
import { getBytes } from "ethers/utils";
import { Wallet } from "ethers/wallet";
import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto";
import { vi } from "vitest";

import { DEV_WALLET_KEY } from "@/lib/wallet/dev-wallet-provider";

import { wallet } from "./render-page";

const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PUBLIC_PEM = publicKey.export({ type: "spki", format: "pem" }).toString();

export interface ApiMember {
  account: string;
  password: string;
  wallet: string;
  referrer: string | null;
  registeredAt: string;
}

export interface ApiCall {
  route: string;
  body: Record<string, unknown> | undefined;
  token: string | undefined;
}

export interface AccountApiMock {
  calls: ApiCall[];
  members: ApiMember[];
  /** Routes called, in order: ["/auth/nonce", "/register", ...]. */
  routes: () => string[];
  /** The next call of `route` answers `status` with `errors:<key>`. */
  refuseNext: (route: string, status: number, key: string, params?: Record<string, string | number>) => void;
  /** The next call of `route` answers 200 with `body`, whatever the members (an answer already stale when it arrives). */
  answerNext: (route: string, body: object) => void;
  /** Every call fails as if the server could not be reached. */
  down: (isDown: boolean) => void;
  /** A live session for `member` (as after a login), returned as its token. */
  sessionFor: (member: ApiMember) => string;
}

const json = (status: number, body: unknown) =>
  status === 204 ? new Response(null, { status }) : new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const refusal = (status: number, key: string, params?: Record<string, string | number>) => json(status, { error: { key: `errors:${key}`, ...(params ? { params } : {}) } });

/** The wallet of the screen tests signs with the key of its account (Hardhat's account #1). */
export function signWithTestKey(): void {
  const signer = new Wallet(DEV_WALLET_KEY);
  wallet.handle("personal_sign", ([message]) => signer.signMessage(getBytes(message as string)));
}

export function mockAccountApi(members: ApiMember[] = []): AccountApiMock {
  const calls: ApiCall[] = [];
  const nonces = new Map<string, { wallet: string; purpose: string; message: string }>();
  const named = (name: unknown) => (candidate: ApiMember) => candidate.account.toLowerCase() === String(name).trim().toLowerCase();
  const sessions = new Map<string, ApiMember>();
  const refusals = new Map<string, Response>();
  let isDown = false;
  let counter = 0;
  const next = globalThis.fetch;

  const view = (member: ApiMember, wallet = member.wallet) => ({
    account: member.account,
    wallet,
    referrer: member.referrer,
    registeredAt: member.registeredAt,
  });
  const openSession = (member: ApiMember, status = 200, extra: object = {}) => {
    const token = `token-${++counter}`;
    sessions.set(token, member);
    return json(status, { token, expiresAt: "2030-01-01T00:00:00.000Z", member: view(member), ...extra });
  };
  const proven = (body: Record<string, unknown>, purpose: string): string | Response => {
    const nonce = nonces.get(String(body.nonce));
    nonces.delete(String(body.nonce));
    if (!nonce || nonce.wallet !== body.wallet || nonce.purpose !== purpose) return refusal(401, "proofExpired");
    if (verifyMessage(nonce.message, String(body.signature)) !== nonce.wallet) return refusal(401, "wrongSigner");
    return nonce.wallet;
  };
  const password = (body: Record<string, unknown>) =>
    privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(String(body.password), "base64")).toString();

  const handle = (route: string, body: Record<string, unknown>, token: string | undefined): Response => {
    switch (route) {
      case "/config":
        return json(200, { key: PUBLIC_PEM });
      case "/account-name":
        return json(200, { free: !members.some(named(body.account)) });
      case "/auth/nonce": {
        const nonce = `nonce-${++counter}`;
        const message = `test asks you to sign.\nWallet: ${String(body.wallet)}\nNonce: ${nonce}`;
        nonces.set(nonce, { wallet: String(body.wallet), purpose: String(body.purpose), message });
        return json(200, { nonce, message, expiresAt: "2030-01-01T00:00:00.000Z" });
      }
      case "/register": {
        const signer = proven(body, "register");
        if (signer instanceof Response) return signer;
        const existing = members.find((member) => member.wallet === signer);
        if (existing && !named(body.account)(existing)) return refusal(409, "walletBound");
        if (existing) return existing.password === password(body) ? openSession(existing, 200, { created: false }) : refusal(401, "wrongPassword");
        if (members.some(named(body.account))) return refusal(409, "accountTaken");
        const member = { account: String(body.account), password: password(body), wallet: signer, referrer: String(body.referrer), registeredAt: "2026-11-21T08:00:00.000Z" };
        members.push(member);
        return openSession(member, 201, { created: true });
      }
      case "/bind": {
        const signer = proven(body, "bind");
        if (signer instanceof Response) return signer;
        const member = members.find((candidate) => named(body.account)(candidate) && candidate.password === password(body));
        if (!member) return refusal(401, "wrongPassword");
        const bound = members.find((candidate) => candidate.wallet === signer);
        if (bound && bound.account !== member.account) return refusal(409, "walletBound");
        return openSession({ ...member, wallet: signer });
      }
      case "/login": {
        const signer = proven(body, "login");
        if (signer instanceof Response) return signer;
        const member = members.find((candidate) => candidate.wallet === signer);
        return member ? openSession(member) : refusal(404, "walletNotBound");
      }
      case "/logout":
        if (token) sessions.delete(token);
        return json(204, null);
      case "/account": {
        const member = token ? sessions.get(token) : undefined;
        return member ? json(200, view(member)) : refusal(401, token ? "sessionExpired" : "loginRequired");
      }
      default:
        return refusal(404, "notFound");
    }
  };

  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string | URL, init?: RequestInit) => {
      const url = new URL(String(input), window.location.origin);
      if (!url.pathname.startsWith("/api/")) return next(input, init);
      if (isDown) throw new TypeError("Failed to fetch");
      const route = url.pathname.slice("/api".length);
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      const token = new Headers(init?.headers).get("authorization")?.replace(/^Bearer /, "");
      calls.push({ route, body, token });
      const refused = refusals.get(route);
      if (refused) {
        refusals.delete(route);
        return refused;
      }
      return handle(route, body ?? {}, token);
    }),
  );

  return {
    calls,
    members,
    routes: () => calls.map((call) => call.route),
    refuseNext: (route, status, key, params) => void refusals.set(route, refusal(status, key, params)),
    answerNext: (route, body) => void refusals.set(route, json(200, body)),
    down: (value) => {
      isDown = value;
    },
    sessionFor: (member) => {
      const token = `token-${++counter}`;
      sessions.set(token, member);
      return token;
    },
  };
}

import { constants, generateKeyPairSync, privateDecrypt } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";

import { AccountApiError, apiRequest } from "./client";
import { encryptPassword, forgetPasswordKey, pemToDer } from "./password";
import { utf8Hex } from "./proof";

const respond = (status: number, body?: unknown, contentType = "application/json") =>
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": contentType } })),
  );

afterEach(() => {
  vi.unstubAllGlobals();
  forgetPasswordKey();
});

async function refusal(promise: Promise<unknown>): Promise<AccountApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AccountApiError);
  return error as AccountApiError;
}

describe("account API client", () => {
  it("calls the page's own origin with JSON and the bearer token", async () => {
    respond(200, { ok: true });
    await apiRequest("/login", { body: { wallet: "0x1" }, token: "abc" });
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`${window.location.origin}/api/login`);
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"wallet":"0x1"}');
    expect(init.headers).toMatchObject({ "content-type": "application/json", authorization: "Bearer abc" });
  });

  it("takes the server's message key and values, and nothing that is not one", async () => {
    respond(429, { error: { key: "errors:tooManyAttempts", params: { count: 8, evil: { nested: true } } } });
    expect((await refusal(apiRequest("/bind", { body: {} }))).reason).toEqual({ key: "errors:tooManyAttempts", params: { count: 8 } });
    respond(400, { error: { key: "<img src=x>" } });
    expect((await refusal(apiRequest("/bind", { body: {} }))).reason).toEqual({ key: "errors:unknown" });
  });

  it("calls a gateway error page or an unreachable server a network problem", async () => {
    respond(502, "<html>Bad Gateway</html>", "text/html");
    expect((await refusal(apiRequest("/config"))).reason.key).toBe("errors:network");
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    expect(await refusal(apiRequest("/config"))).toMatchObject({ status: 0, reason: { key: "errors:network" } });
  });

  it("encrypts a password so that only the server's private key reads it (RSA-OAEP, SHA-256)", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    respond(200, { key: publicKey.export({ type: "spki", format: "pem" }) });
    const password = "pässwörd 密码 🔑";
    const ciphertext = await encryptPassword(password);
    expect(ciphertext).not.toContain(password);
    const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(ciphertext, "base64"));
    expect(plain.toString("utf8")).toBe(password);
    expect(await encryptPassword("again")).not.toBe(await encryptPassword("again"));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("fetches the key again after a failure to get it", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await refusal(encryptPassword("x"));
    const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    respond(200, { key: publicKey.export({ type: "spki", format: "pem" }) });
    await expect(encryptPassword("x")).resolves.toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it("reads PEM and hex-encodes messages as wallets expect", () => {
    expect(Array.from(pemToDer("-----BEGIN PUBLIC KEY-----\nAQID\n-----END PUBLIC KEY-----\n"))).toEqual([1, 2, 3]);
    expect(utf8Hex("Hi 你")).toBe("0x486920e4bda0");
  });
});

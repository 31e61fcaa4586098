/**
 * The test-key wallet as the app and the browser tests see it: its account and chain, the chain
 * and account changes MetaMask reports, signatures the key makes, and the node's answers and
 * errors passed on untouched. The node is a stand-in behind ethers' transport.
 */
import { verifyMessage } from "ethers/hash";
import { FetchRequest, hexlify, toUtf8Bytes } from "ethers/utils";
import { Wallet } from "ethers/wallet";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { DEV_WALLET_KEY, TestKeyWallet, WalletRpcError } from "./test-key-wallet";

/** Hardhat's accounts #1 and #2 (the key of #2 is in docs/operations.md §1). */
const ALICE = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const BOB_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
const BOB = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const RPC_URL = "http://node.test/";
const REVERT_DATA = "0x08c379a0";

/** Every JSON-RPC request the stand-in node was sent. */
let sent: { method: string; params: unknown[] }[] = [];

beforeEach(() => {
  sent = [];
  FetchRequest.registerGetUrl(async (request) => {
    const { id, method, params } = JSON.parse(new TextDecoder().decode(request.body!)) as { id: number; method: string; params: unknown[] };
    sent.push({ method, params });
    const answer =
      method === "eth_call"
        ? { jsonrpc: "2.0", id, error: { code: 3, message: "execution reverted", data: REVERT_DATA } }
        : { jsonrpc: "2.0", id, result: "0x64" };
    return { statusCode: 200, statusMessage: "OK", headers: { "content-type": "application/json" }, body: toUtf8Bytes(JSON.stringify(answer)) };
  });
});

afterEach(() => {
  FetchRequest.registerGetUrl(FetchRequest.createGetUrlFunc());
});

function wallet(options: { chainId?: string; knownChains?: string[] } = {}) {
  const created = new TestKeyWallet(RPC_URL, DEV_WALLET_KEY, { nodeChainId: 56, ...options });
  const events: [string, unknown][] = [];
  for (const event of ["chainChanged", "accountsChanged"]) created.on(event, (value: unknown) => events.push([event, value]));
  return { wallet: created, events };
}

async function refusal(promise: Promise<unknown>): Promise<WalletRpcError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WalletRpcError);
  return error as WalletRpcError;
}

describe("the test-key wallet", () => {
  it("signs with Hardhat's account #1 by default, the seed's Alice", () => {
    expect(new Wallet(DEV_WALLET_KEY).address).toBe(ALICE);
    expect(wallet().wallet.address).toBe(ALICE);
  });

  it("answers its account and the node's chain, without asking the node", async () => {
    const { wallet: w } = wallet();
    expect(await w.request({ method: "eth_requestAccounts" })).toEqual([ALICE]);
    expect(await w.request({ method: "eth_accounts" })).toEqual([ALICE]);
    expect(await w.request({ method: "eth_chainId" })).toBe("0x38");
    expect(await w.request({ method: "net_version" })).toBe("56");
    expect(sent).toEqual([]);
  });

  describe("on another chain", () => {
    it("refuses a switch to a chain it does not know with 4902", async () => {
      const { wallet: w, events } = wallet({ chainId: "0x1" });
      const error = await refusal(w.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x38" }] }));
      expect(error.code).toBe(4902);
      expect(w.chainId).toBe("0x1");
      expect(events).toEqual([]);
    });

    it("adds a chain and moves to it, saying so", async () => {
      const { wallet: w, events } = wallet({ chainId: "0x1" });
      expect(await w.request({ method: "wallet_addEthereumChain", params: [{ chainId: "0x38" }] })).toBeNull();
      expect(await w.request({ method: "eth_chainId" })).toBe("0x38");
      expect(events).toEqual([["chainChanged", "0x38"]]);
    });

    it("switches to a chain it knows", async () => {
      const { wallet: w, events } = wallet({ chainId: "0x1", knownChains: ["0x1", "0x38"] });
      expect(await w.request({ method: "wallet_switchEthereumChain", params: [{ chainId: "0x38" }] })).toBeNull();
      expect(events).toEqual([["chainChanged", "0x38"]]);
    });
  });

  it("says when the user picks another account", () => {
    const { wallet: w, events } = wallet();
    w.switchAccount(BOB_KEY);
    expect(w.address).toBe(BOB);
    expect(events).toEqual([["accountsChanged", [BOB]]]);
  });

  it("accepts a token to watch (wallet_watchAsset)", async () => {
    const { wallet: w } = wallet();
    expect(await w.request({ method: "wallet_watchAsset", params: { type: "ERC20", options: { address: ALICE, symbol: "X", decimals: 18 } } })).toBe(true);
  });

  it("signs messages given as text or as hex (personal_sign)", async () => {
    const { wallet: w } = wallet();
    const text = "Log in to your account.";
    expect(verifyMessage(text, (await w.request({ method: "personal_sign", params: [text, ALICE] })) as string)).toBe(ALICE);
    expect(verifyMessage(text, (await w.request({ method: "personal_sign", params: [hexlify(toUtf8Bytes(text)), ALICE] })) as string)).toBe(ALICE);
  });

  it("refuses a transaction from another account than its own (4100), as MetaMask does, asking the node nothing", async () => {
    const { wallet: w } = wallet();
    const other = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
    for (const method of ["eth_estimateGas", "eth_sendTransaction"]) {
      expect((await refusal(w.request({ method, params: [{ from: other, to: ALICE, data: "0x" }] }))).code).toBe(4100);
    }
    expect(sent).toEqual([]);
    expect(await w.request({ method: "eth_estimateGas", params: [{ from: ALICE.toLowerCase(), to: ALICE, data: "0x" }] })).toBe("0x64");
  });

  it("refuses a transaction pinned to another chain than the one it is on, as MetaMask does", async () => {
    const { wallet: w } = wallet({ chainId: "0x1", knownChains: ["0x1", "0x38"] });
    expect((await refusal(w.request({ method: "eth_sendTransaction", params: [{ from: ALICE, to: ALICE, data: "0x", chainId: "0x38" }] }))).code).toBe(-32602);
    expect(sent).toEqual([]);
  });

  it("forwards reads to the node and passes its errors on as it sent them, revert data included", async () => {
    const { wallet: w } = wallet();
    expect(await w.request({ method: "eth_blockNumber", params: [] })).toBe("0x64");
    const error = await refusal(w.request({ method: "eth_call", params: [{ to: ALICE, data: "0x" }, "latest"] }));
    expect([error.code, error.message, error.data]).toEqual([3, "execution reverted", REVERT_DATA]);
    expect(sent.map((request) => request.method)).toEqual(["eth_blockNumber", "eth_call"]);
  });
});

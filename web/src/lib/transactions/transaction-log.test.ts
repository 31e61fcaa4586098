import { describe, expect, it } from "vitest";

import { SENDER, sentTransaction } from "@/test/sent-transactions";

import { TRANSACTIONS_KEY, useTransactionList } from "./transaction-list";
import { KEPT_PER_ACCOUNT, PENDING_PER_ACCOUNT, boundTransactions, mergeTransactions, readStoredTransactions, transactionLog } from "./transaction-log";

const stored = (transactions: unknown[], version = 1) => JSON.stringify({ version, transactions });
const hashes = (list: { hash: string }[]) => list.map((transaction) => Number.parseInt(transaction.hash.slice(2), 16));

describe("what is read back from storage", () => {
  it("keeps well-formed transactions and drops every damaged one", () => {
    const good = sentTransaction(1);
    const damaged = [
      { ...good, hash: "0x12" },
      { ...good, state: "mined" },
      { ...good, account: "alice" },
      { ...good, chainId: "56" },
      { ...good, summary: { key: "<img src=x>" } },
      { ...good, summary: { key: "common:status.networkDown" } },
      { ...good, summary: { ...good.summary, params: { hashrate: "9".repeat(300) } } },
      { ...good, sentAt: Date.now() + 10 * 365 * 24 * 3600_000 },
      { ...good, summary: { key: "activity:summaries.list", params: { amount: { toString: "x" } } } },
      { ...good, messages: { success: "common:messages.purchaseSuccessful", failure: "common:tx.failed" } },
      { ...good, messages: { ...good.messages, token: "DOGE" } },
      { ...good, data: "not hex" },
      { ...good, nonce: -1 },
      null,
      "0xabc",
    ];
    expect(readStoredTransactions(stored([good, ...damaged]))).toEqual([good]);
  });

  it.each([
    ["not JSON", "{oops"],
    ["another version", stored([sentTransaction(1)], 2)],
    ["no list", JSON.stringify({ version: 1 })],
    ["nothing", null],
  ])("reads nothing from %s", (_label, raw) => {
    expect(readStoredTransactions(raw)).toEqual([]);
  });
});

describe("merging what two tabs know", () => {
  it("keeps each transaction once, the settled state over pending, newest first", () => {
    const pending = sentTransaction(1);
    const confirmed = { ...pending, state: "confirmed" as const, settledAt: 5_000 };
    expect(mergeTransactions([pending, sentTransaction(2)], [confirmed])).toEqual([sentTransaction(2), confirmed]);
    expect(mergeTransactions([confirmed], [pending])).toEqual([confirmed]);
  });

  it("of two pending records, keeps the one the chain showed last (it knows the nonce)", () => {
    const older = sentTransaction(1);
    const seen = { ...older, nonce: 4, seenAt: 9_000 };
    expect(mergeTransactions([older], [seen])).toEqual([seen]);
    expect(mergeTransactions([seen], [older])).toEqual([seen]);
  });

  it("keeps the newest settled and pending ones of each chain and account", () => {
    const settled = Array.from({ length: KEPT_PER_ACCOUNT + 5 }, (_, i) => sentTransaction(100 - i, { state: "confirmed", settledAt: 1 }));
    const pendingOld = sentTransaction(1);
    const otherAccount = sentTransaction(200, { account: "0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc", state: "failed" });
    const kept = boundTransactions(mergeTransactions(settled, [pendingOld, otherAccount]));
    expect(kept.filter((transaction) => transaction.account === SENDER && transaction.state === "confirmed")).toHaveLength(KEPT_PER_ACCOUNT);
    expect(hashes(kept)).toContain(1);
    expect(hashes(kept)).toContain(200);
    expect(hashes(kept)).not.toContain(100 - KEPT_PER_ACCOUNT);
    // More pending than anyone has in flight (a tampered entry): the newest only.
    const flood = Array.from({ length: PENDING_PER_ACCOUNT + 30 }, (_, i) => sentTransaction(1000 + i));
    expect(boundTransactions(mergeTransactions(flood))).toHaveLength(PENDING_PER_ACCOUNT);
  });
});

describe("the log", () => {
  it("adds a transaction to what another tab stored meanwhile, and stores both", () => {
    transactionLog.reload();
    window.localStorage.setItem(TRANSACTIONS_KEY, stored([sentTransaction(1)]));
    transactionLog.add(sentTransaction(2));
    expect(hashes(useTransactionList.getState().transactions)).toEqual([2, 1]);
    expect(hashes(readStoredTransactions())).toEqual([2, 1]);
  });

  it("never makes a settled transaction pending again", () => {
    transactionLog.add(sentTransaction(3));
    transactionLog.update(sentTransaction(3).hash, { state: "confirmed", settledAt: 10 });
    transactionLog.update(sentTransaction(3).hash, { state: "pending" });
    expect(transactionLog.find(sentTransaction(3).hash)?.state).toBe("confirmed");
  });

  it("takes in what another tab stores (the storage event)", () => {
    window.localStorage.setItem(TRANSACTIONS_KEY, stored([sentTransaction(7)]));
    window.dispatchEvent(new StorageEvent("storage", { key: TRANSACTIONS_KEY }));
    expect(hashes(useTransactionList.getState().transactions)).toEqual([7]);
  });
});

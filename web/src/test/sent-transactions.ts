/** Transactions as the app keeps them, for the tests of the transaction memory. */
import type { SentTransaction } from "@/lib/transactions/sent-transaction";

export const SENDER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

/** A well-formed pending transaction numbered `n` (its hash), sent `n` seconds into the epoch unless told. */
export function sentTransaction(n: number, changes: Partial<SentTransaction> = {}): SentTransaction {
  return {
    hash: `0x${n.toString(16).padStart(64, "0")}`,
    chainId: 56,
    account: SENDER,
    action: "synthesize:USDT",
    summary: { key: "activity:summaries.synthesize", params: { hashrate: "100", token: "USDT", maxCost: "100.5" } },
    to: "0xa51c1fc2f0d1a1b8494ed1fe312d7c3a78ed91c0",
    data: "0x1234",
    sentAt: n * 1000,
    state: "pending",
    messages: { success: "common:messages.synthesisSuccessful", failure: "errors:synthesisFailed", token: "USDT" },
    ...changes,
  };
}

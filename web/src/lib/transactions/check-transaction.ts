/**
 * One look at the chain for a pending transaction: mined (with its receipt), still pending,
 * replaced (its account's nonce was used by another transaction: sped up or cancelled in the
 * wallet), or dropped (the network no longer knows it and its nonce is still free).
 */
import { hexQuantity } from "@/lib/contracts/hex-quantity";

import type { SentTransaction } from "./sent-transaction";

export type Rpc = <T>(method: string, params: unknown[]) => Promise<T>;

/** A transaction's receipt, as much of it as the app uses. */
export interface Receipt {
  hash: string;
  blockNumber: bigint;
  /** 1: it succeeded; 0: it reverted. */
  status: 0 | 1;
  logs: readonly { address: string; topics: readonly string[]; data: string }[];
}

export type Check =
  | { state: "pending"; nonce?: number; seen: boolean }
  | { state: "confirmed"; receipt: Receipt }
  | { state: "failed"; receipt: Receipt }
  | { state: "replaced" }
  | { state: "dropped" };

/**
 * How long a transaction may be unknown to the node, its nonce unused, before it counts as dropped.
 * Long: a transaction the wallet sent through its own node can take a while to reach the app's
 * endpoints, and wallets send again what they still hold.
 */
export const DROPPED_AFTER_MS = 10 * 60_000;

/** The node's receipt, checked: an answer that is not one is the endpoint's fault, not an outcome. */
export function parseReceipt(raw: unknown, hash: string): Receipt {
  const receipt = raw as { status?: unknown; blockNumber?: unknown; logs?: unknown };
  const status = hexQuantity(receipt.status, "receipt status");
  if (status > 1n) throw new Error("The node sent a malformed receipt status");
  if (!Array.isArray(receipt.logs)) throw new Error("The node sent a receipt without logs");
  const logs = receipt.logs.map((log: { address?: unknown; topics?: unknown; data?: unknown }) => {
    if (typeof log.address !== "string" || !Array.isArray(log.topics) || typeof log.data !== "string") throw new Error("The node sent a malformed log");
    return { address: log.address, topics: log.topics.map(String), data: log.data };
  });
  return { hash, blockNumber: hexQuantity(receipt.blockNumber, "block number"), status: status === 1n ? 1 : 0, logs };
}

async function receiptOf(transaction: SentTransaction, rpc: Rpc): Promise<Check | undefined> {
  const raw = await rpc<unknown>("eth_getTransactionReceipt", [transaction.hash]);
  if (raw === null || raw === undefined) return undefined;
  const receipt = parseReceipt(raw, transaction.hash);
  return receipt.status === 1 ? { state: "confirmed", receipt } : { state: "failed", receipt };
}

export async function checkTransaction(transaction: SentTransaction, rpc: Rpc, now: number = Date.now()): Promise<Check> {
  const mined = await receiptOf(transaction, rpc);
  if (mined) return mined;

  if (transaction.nonce !== undefined) {
    const used = hexQuantity(await rpc<unknown>("eth_getTransactionCount", [transaction.account, "latest"]), "nonce");
    if (used > BigInt(transaction.nonce)) {
      // The nonce is used: by this transaction, mined since the first look, or by another one.
      return (await receiptOf(transaction, rpc)) ?? { state: "replaced" };
    }
  }

  const lastSeen = transaction.seenAt ?? transaction.sentAt;
  // Asked only when needed: to learn the nonce, or once it may have been dropped.
  if (transaction.nonce === undefined || now - lastSeen > DROPPED_AFTER_MS) {
    const shown = await rpc<{ nonce?: unknown } | null>("eth_getTransactionByHash", [transaction.hash]);
    if (shown) return { state: "pending", nonce: Number(hexQuantity(shown.nonce, "nonce")), seen: true };
    if (now - lastSeen > DROPPED_AFTER_MS) return { state: "dropped" };
  }
  return { state: "pending", seen: false };
}

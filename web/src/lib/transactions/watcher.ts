/**
 * Watches every pending transaction of the log (transaction-log.ts) until the chain tells its
 * outcome, whether the page that sent it is still waiting or the app was reloaded since. The page
 * that sent a transaction waits for it here (waitForOutcome); one that nobody waits for any more
 * (a reload, a second tab, a wait that timed out) is told in a pop-up when it settles. Either way
 * the views read the chain again after a confirmation.
 */
import { BSC } from "@/config/chain";
import type { Message } from "@/i18n/message";
import { useChainStatus } from "@/lib/contracts/chain-status";
import { describeError } from "@/lib/contracts/describe-error";
import { rpc } from "@/lib/contracts/rpc";
import { log } from "@/lib/log";
import { toast } from "@/lib/toast/toast-store";

import { checkTransaction, type Receipt, type Rpc } from "./check-transaction";
import type { SentTransaction } from "./sent-transaction";
import { isPending, useTransactionList } from "./transaction-list";
import { transactionLog } from "./transaction-log";

/** How often pending transactions are looked at (one receipt request each). */
export const POLL_MS = 1_500;
/** At most this many are looked at each time, those waited for first, then the longest unseen: a
 *  device with many pending (or a tampered list) cannot flood the endpoints. */
export const LOOKS_PER_POLL = 3;

export type Settled = { state: "confirmed"; receipt: Receipt } | { state: "failed"; receipt: Receipt; reason: Message } | { state: "replaced" | "dropped" };
/** What a page waiting for a transaction learns: how it settled, or `pending`: not within the time it would wait. */
export type Outcome = Settled | { state: "pending" };

type Waiter = (outcome: Outcome) => void;

const waiters = new Map<string, Set<Waiter>>();
/** Transactions seen replaced once: the verdict stands only when the next look agrees (an
 *  endpoint a block behind another must not make a mined transaction look replaced). */
const replacedOnce = new Set<string>();
/** When each transaction was last looked at. */
const lookedAt = new Map<string, number>();
let timer: ReturnType<typeof setTimeout> | undefined;
let ticking = false;
let chainRpc: Rpc = rpc;

/** The pending transactions; and those a page waits for that another tab has settled meanwhile
 *  (the page needs the outcome itself, receipt included). */
const watched = (): SentTransaction[] =>
  transactionLog.all().filter((transaction) => (isPending(transaction) || waiters.has(transaction.hash)) && transaction.chainId === BSC.chainId);

function nextToLook(): SentTransaction[] {
  const waitedFor = (transaction: SentTransaction) => (waiters.has(transaction.hash) ? 0 : 1);
  return watched()
    .sort((a, b) => waitedFor(a) - waitedFor(b) || (lookedAt.get(a.hash) ?? 0) - (lookedAt.get(b.hash) ?? 0))
    .slice(0, LOOKS_PER_POLL);
}

function schedule(delayMs: number = POLL_MS): void {
  if (timer !== undefined || ticking) return;
  timer = setTimeout(() => void tick(), delayMs);
}

async function tick(): Promise<void> {
  timer = undefined;
  ticking = true;
  try {
    for (const transaction of nextToLook()) {
      lookedAt.set(transaction.hash, Date.now());
      await look(transaction);
    }
  } finally {
    ticking = false;
  }
  if (watched().length) schedule();
}

async function look(transaction: SentTransaction): Promise<void> {
  let check;
  try {
    check = await checkTransaction(transaction, chainRpc);
  } catch (error) {
    // The node did not answer, or answered nonsense: the next look asks again.
    log.warn(`could not check transaction ${transaction.hash}`, error);
    return;
  }
  if (check.state === "pending") {
    replacedOnce.delete(transaction.hash);
    if (check.seen) transactionLog.update(transaction.hash, { nonce: check.nonce, seenAt: Date.now() });
    return;
  }
  if (check.state === "replaced" && !replacedOnce.has(transaction.hash)) {
    replacedOnce.add(transaction.hash);
    return;
  }
  replacedOnce.delete(transaction.hash);
  settle(transaction, check.state === "failed" ? { ...check, reason: await failureReason(transaction, check.receipt) } : check);
}

/** A reverted transaction carries no reason: replayed as a call at its block, it reverts again with the contract's error. */
async function failureReason(transaction: SentTransaction, receipt: Receipt): Promise<Message> {
  const context = { fallback: transaction.messages.failure, token: transaction.messages.token };
  try {
    await chainRpc("eth_call", [{ from: transaction.account, to: transaction.to, data: transaction.data }, `0x${receipt.blockNumber.toString(16)}`]);
  } catch (error) {
    return describeError(error, context);
  }
  return { key: context.fallback };
}

function settle(transaction: SentTransaction, outcome: Settled): void {
  transactionLog.update(transaction.hash, {
    state: outcome.state,
    settledAt: Date.now(),
    ...(outcome.state === "failed" ? { failure: outcome.reason } : {}),
  });
  if (outcome.state === "confirmed") useChainStatus.getState().transactionConfirmed(outcome.receipt.blockNumber);
  const waiting = waiters.get(transaction.hash);
  waiters.delete(transaction.hash);
  if (waiting?.size) for (const waiter of waiting) waiter(outcome);
  else tellInBackground(transaction, outcome);
}

/** The outcome of a transaction no page is waiting for, as its page would have told it. */
function tellInBackground(transaction: SentTransaction, outcome: Settled): void {
  if (outcome.state === "confirmed") toast.success(transaction.messages.success);
  else if (outcome.state === "failed") toast.error(outcome.reason.key, outcome.reason.params);
  else toast.error(outcome.state === "replaced" ? "activity:tx.replacedNotice" : "activity:tx.droppedNotice");
}

/**
 * Resolves with the transaction's outcome once the chain tells it, or `pending` after `timeoutMs`
 * (the transaction is still watched; its outcome is then told in a pop-up).
 */
export function waitForOutcome(hash: string, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    let waiting = waiters.get(hash);
    if (!waiting) waiters.set(hash, (waiting = new Set()));
    const done: Waiter = (outcome) => {
      clearTimeout(timeout);
      waiting.delete(done);
      resolve(outcome);
    };
    const timeout = setTimeout(() => done({ state: "pending" }), timeoutMs);
    waiting.add(done);
    schedule(0);
  });
}

/**
 * Watches the log from now on: the pending transactions found at load (sent before a reload) and
 * every one added later, by this tab or another. Returns a function that stops watching.
 */
export function watchTransactions(): () => void {
  schedule(0);
  return useTransactionList.subscribe(() => {
    if (watched().length) schedule(0);
  });
}

/** Tests only: starts over (no look scheduled, nobody waiting), asking `next` (the app's endpoint pool by default). */
export function resetWatcher(next: Rpc = rpc): void {
  clearTimeout(timer);
  timer = undefined;
  ticking = false;
  waiters.clear();
  replacedOnce.clear();
  lookedAt.clear();
  chainRpc = next;
}

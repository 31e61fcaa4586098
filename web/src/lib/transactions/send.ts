/**
 * Sending a transaction and following it, for use-contract-action.ts: loaded with the first
 * transaction, with the full ABIs and the rest of the transaction memory (the first download does
 * without them). The transaction is kept on the device the moment the wallet returns its hash,
 * before anything else can happen; then the watcher tells its outcome.
 */
import { BSC } from "@/config/chain";
import type { Message } from "@/i18n/message";
import { rpc } from "@/lib/contracts/rpc";
import type { ContractCall } from "@/lib/contracts/write";
import type { Eip1193Provider } from "@/lib/wallet/eip1193";

import type { Receipt } from "./check-transaction";
import type { OutcomeMessages, SentTransaction } from "./sent-transaction";
import { isPending } from "./transaction-list";
import { transactionLog } from "./transaction-log";
import { sendFromWallet } from "./wallet-send";
import { waitForOutcome, type Settled } from "./watcher";

/** How long the question "does the node hold transactions this device does not know?" may take. */
const UNTRACKED_WAIT_MS = 4_000;

export interface Sending {
  provider: Eip1193Provider;
  /** The account that signs, and the chain it is on. */
  account: string;
  chainId: number;
  action: string;
  call: ContractCall;
  summary: Message;
  messages: OutcomeMessages;
  /** Called with the hash once the wallet has sent it. */
  sent: (hash: string) => void;
  /** How long to wait for the outcome. */
  timeoutMs: number;
}

/** A transaction that did not go through once sent: reverted (with its decoded reason), replaced or
 *  dropped. `told` is what the user is told (lib/contracts/errors.ts passes it on as it is). */
export class TransactionOutcomeError extends Error {
  readonly told: Message;

  constructor(readonly outcome: Exclude<Settled, { state: "confirmed" }>) {
    super(`The transaction was ${outcome.state}`);
    this.name = "TransactionOutcomeError";
    this.told = outcome.state === "failed" ? outcome.reason : { key: outcome.state === "replaced" ? "activity:tx.replaced" : "activity:tx.dropped" };
  }
}

/**
 * How many of `account`'s transactions the node holds, not mined yet, that this device does not
 * know: its nonce counting pending transactions, less the mined one, less this device's own
 * pending ones. Asked before a send: one sent while the page reloaded with the wallet still asking
 * (its hash never reached the page), or from elsewhere, may be the same action.
 */
export async function untrackedPending(account: string): Promise<number> {
  const owner = account.toLowerCase();
  const counts = Promise.all([rpc<string>("eth_getTransactionCount", [owner, "pending"]), rpc<string>("eth_getTransactionCount", [owner, "latest"])]);
  // A slow node does not hold the user up: the send goes on, as it did before this question existed.
  const answered = await Promise.race([counts, new Promise<undefined>((resolve) => setTimeout(resolve, UNTRACKED_WAIT_MS))]).catch(() => undefined);
  if (!answered) return 0;
  const [waiting, mined] = answered.map(BigInt);
  transactionLog.reload();
  // This device's own pending ones that the node may hold: on this chain, and not mined yet.
  const known = transactionLog
    .all()
    .filter((transaction) => transaction.account === owner && transaction.chainId === BSC.chainId && isPending(transaction) && (transaction.nonce === undefined || BigInt(transaction.nonce) >= mined)).length;
  return Math.max(0, Number(waiting - mined) - known);
}

/** `account`'s pending transactions of `action` (exactly), newest first, as the memory holds them now. */
export function pendingOf(account: string, action: string): SentTransaction[] {
  const owner = account.toLowerCase();
  // What is stored now, whatever this tab took in so far.
  transactionLog.reload();
  return transactionLog.all().filter((transaction) => transaction.account === owner && transaction.chainId === BSC.chainId && transaction.action === action && isPending(transaction));
}

/** The receipt once the transaction is confirmed; undefined when it is still pending after `timeoutMs`. */
export async function sendAndFollow({ provider, account, chainId, action, call, summary, messages, sent, timeoutMs }: Sending): Promise<Receipt | undefined> {
  const owner = account.toLowerCase();
  const { hash, to, data } = await sendFromWallet(provider, owner, call);
  transactionLog.add({ hash, chainId, account: owner, action, summary, to: to.toLowerCase(), data, sentAt: Date.now(), state: "pending", messages });
  sent(hash);
  const outcome = await waitForOutcome(hash, timeoutMs);
  if (outcome.state === "pending") return undefined;
  if (outcome.state === "confirmed") return outcome.receipt;
  throw new TransactionOutcomeError(outcome);
}

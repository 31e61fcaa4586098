/**
 * A transaction the app sent, as it is kept on the device (transaction-log.ts) until its outcome is
 * known, and for a while after for the wallet menu's recent activity. Everything read back from
 * storage is checked here (parseSentTransaction): a value that is not exactly this shape is
 * dropped, never trusted.
 */
import { TOKEN_SYMBOLS, type TokenSymbol } from "@product";

import type { ErrorKey, Message, MessageKey } from "@/i18n/message";

/**
 * pending: sent, no receipt yet. confirmed / failed: mined, and it succeeded or reverted.
 * replaced: its nonce was used by another transaction of the account (sped up or cancelled in the
 * wallet). dropped: the network no longer knows it and its nonce is still free.
 */
export const TRANSACTION_STATES = ["pending", "confirmed", "failed", "replaced", "dropped"] as const;
export type TransactionState = (typeof TRANSACTION_STATES)[number];

/** How the outcome of a transaction is told, whether the page that sent it is still open or not. */
export interface OutcomeMessages {
  /** What a confirmed transaction says ('Synthesis successful'). */
  success: MessageKey;
  /** What a failure says when its reason cannot be decoded. */
  failure: ErrorKey;
  /** The token the action pays with, for balance and allowance messages. */
  token?: TokenSymbol;
}

export interface SentTransaction {
  /** 0x and 64 hex digits, lower case. */
  hash: string;
  chainId: number;
  /** The account that sent it, lower case. */
  account: string;
  /**
   * Which action it is: its kind, then what it acts on ('synthesize:USDT', 'approve:USDT:Main').
   * While one is pending, the same action asks the user before another is sent.
   */
  action: string;
  /** What it does, with its amounts as they were shown. */
  summary: Message;
  /** The call, so that a failure can be replayed for its reason. */
  to: string;
  data: string;
  /** Set once the chain has shown the transaction: another transaction with it replaced this one. */
  nonce?: number;
  /** When it was sent, and when the chain last showed it while pending (ms since the epoch). */
  sentAt: number;
  seenAt?: number;
  state: TransactionState;
  settledAt?: number;
  /** Why it failed, decoded from the revert. */
  failure?: Message;
  messages: OutcomeMessages;
}

/** The kind of an action key: 'synthesize' of 'synthesize:USDT'. */
export const kindOf = (action: string): string => action.split(":")[0];

const HASH = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-f]{40}$/;
const HEX = /^0x[0-9a-fA-F]*$/;
const KEY = /^[a-z]+:[\w.]+$/;
/** What a summary is: one of the app's own sentences of what a transaction does. */
const SUMMARY_KEY = /^activity:summaries\.\w+$/;
/** A value in a sentence: an amount, a symbol, a short address. Anything longer was not written by the app. */
const MAX_PARAM_LENGTH = 80;
/** A transaction sent later than this from now was not sent by this device (a clock a day off is allowed). */
const FUTURE_SLACK_MS = 24 * 3600_000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isTime = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;
const isOptional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);

function isMessage(value: unknown, key: RegExp = KEY): value is Message {
  if (!isObject(value) || typeof value.key !== "string" || !key.test(value.key)) return false;
  if (value.params === undefined) return true;
  return (
    isObject(value.params) &&
    Object.values(value.params).every((param) => (typeof param === "string" && param.length <= MAX_PARAM_LENGTH) || (typeof param === "number" && Number.isFinite(param)))
  );
}

function isOutcomeMessages(value: unknown): value is OutcomeMessages {
  return (
    isObject(value) &&
    typeof value.success === "string" &&
    KEY.test(value.success) &&
    typeof value.failure === "string" &&
    value.failure.startsWith("errors:") &&
    isOptional(value.token, (token) => (TOKEN_SYMBOLS as readonly unknown[]).includes(token))
  );
}

/** `value` when it is a well-formed SentTransaction, else undefined. */
export function parseSentTransaction(value: unknown, now: number = Date.now()): SentTransaction | undefined {
  if (!isObject(value)) return undefined;
  const ok =
    typeof value.hash === "string" &&
    HASH.test(value.hash) &&
    Number.isSafeInteger(value.chainId) &&
    typeof value.account === "string" &&
    ADDRESS.test(value.account) &&
    typeof value.action === "string" &&
    value.action.length > 0 &&
    value.action.length <= 100 &&
    isMessage(value.summary, SUMMARY_KEY) &&
    typeof value.to === "string" &&
    ADDRESS.test(value.to.toLowerCase()) &&
    typeof value.data === "string" &&
    HEX.test(value.data) &&
    value.data.length <= 20_000 &&
    isOptional(value.nonce, (nonce) => Number.isSafeInteger(nonce) && (nonce as number) >= 0) &&
    isTime(value.sentAt) &&
    (value.sentAt as number) <= now + FUTURE_SLACK_MS &&
    isOptional(value.seenAt, isTime) &&
    typeof value.state === "string" &&
    (TRANSACTION_STATES as readonly string[]).includes(value.state) &&
    isOptional(value.settledAt, isTime) &&
    isOptional(value.failure, isMessage) &&
    isOutcomeMessages(value.messages);
  return ok ? (value as unknown as SentTransaction) : undefined;
}

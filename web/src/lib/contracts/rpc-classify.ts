/**
 * What one JSON-RPC endpoint's reply means for a call: a result; the chain's own answer, which is
 * the caller's (a revert, invalid parameters of our call, out of gas, insufficient funds); or a
 * fault of that endpoint (rate limit, a server or proxy error, a body that is not a JSON-RPC answer
 * to our request, a result that is not what the method returns, any JSON-RPC error not known to be
 * the chain's answer: auth, "Invalid Request", "Internal server error"…), after which the same call
 * is sent to the next endpoint. Reads are aggregate3 with allowFailure, eth_blockNumber and
 * eth_chainId: an error on one is almost always the node's. Pure: the pool (rpc-pool.ts) does the
 * fetching, the timing and the cool-downs.
 */

export interface RpcErrorBody {
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

export type Outcome =
  | { kind: "result"; result: unknown }
  /** The chain's answer to the call: passed to the caller, never failed over. */
  | { kind: "answer"; code: number; message: string; data?: unknown }
  /** The endpoint's own problem: skip it for a while and try the call elsewhere. `uncounted`: move
   *  on without blaming it (another call is waiting on the same question and counts the outcome). */
  | { kind: "skip"; problem: string; rateLimited: boolean; retryAfterMs?: number; uncounted?: boolean };

export interface HttpReply {
  status: number;
  /** The Retry-After header, if the browser may read it (CORS must expose it). */
  retryAfter?: string | null;
  body: string;
}

/** EIP-1474's "limit exceeded" and the codes public BSC nodes and gateways send when throttling. */
const RATE_LIMIT_CODES = new Set([-32005, -32016, -32090]);
const RATE_LIMIT_TEXT = /rate.?limit|too many requests|limit (exceeded|reached)|capacity exceeded|exceeded .*(quota|capacity|limit)|quota|throttl/i;
/** Code 3 (EIP-1474/geth) carries revert data; -32000 "execution reverted" is geth's older form;
 *  Nethermind says "VM execution error", Hardhat "VM Exception while processing transaction". */
const REVERT_TEXT = /execution reverted|\brevert(ed)?\b|vm execution error|vm exception/i;
/** Revert data: a 4-byte selector at least (an error's, or Error(string)'s 0x08c379a0), whatever the words. */
const REVERT_DATA = /^0x[0-9a-fA-F]{8}(?:[0-9a-fA-F]{2})*$/;
/** What any node would say of the call itself (a write's estimate, a replay): the chain's answer. */
const CHAIN_ANSWER_TEXT = /out of gas|insufficient funds/i;
/** Invalid params (-32602) of a call we made are our own bug, the same on every node. */
const INVALID_PARAMS = -32602;

/** The longest text of an endpoint kept in a problem (the diagnostics page shows it). */
const MAX_PROBLEM_TEXT = 120;
/** What an endpoint's text may not bring to the page: control, invisible and direction-changing characters. */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** `text` with what could hide or reorder it shown as "\ufffd", cut to `max` characters with an ellipsis. */
export function clip(text: string, max = MAX_PROBLEM_TEXT): string {
  const shown = text.replace(HIDDEN, "\ufffd");
  return shown.length > max ? `${shown.slice(0, max)}…` : shown;
}

/** Milliseconds to wait from a Retry-After header (seconds, or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date starts with the day's name ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone would take "-5".
  if (!/^[A-Za-z]{3},/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** A JSON-RPC error body: the chain's answer, a rate limit or a fault of the node (the default). */
export function classifyRpcError(error: RpcErrorBody): "answer" | "rate-limited" | "node-fault" {
  const code = typeof error.code === "number" ? error.code : undefined;
  const message = typeof error.message === "string" ? error.message : "";
  // First: a revert is the chain's answer even when its reason reads "daily limit exceeded".
  if (code === 3 || REVERT_TEXT.test(message)) return "answer";
  if (typeof error.data === "string" && REVERT_DATA.test(error.data)) return "answer";
  if (code === INVALID_PARAMS || CHAIN_ANSWER_TEXT.test(message)) return "answer";
  if ((code !== undefined && RATE_LIMIT_CODES.has(code)) || RATE_LIMIT_TEXT.test(message)) return "rate-limited";
  // Anything else is the node's: internal errors, a missing method or state, auth (-32001 "API key
  // required"), -32600 Invalid Request, gateways' "bad gateway", "backend error", unknown codes.
  return "node-fault";
}

/** Methods no chain answers with a revert or another answer of its own: an error to one is the endpoint's. */
const CANNOT_REVERT = new Set(["eth_blockNumber", "eth_chainId", "eth_getTransactionReceipt", "eth_getTransactionByHash", "eth_getTransactionCount", "eth_getBalance", "eth_getCode"]);

/**
 * `outcome` for a call that cannot revert (one of the methods above, or a read its caller knows
 * cannot, as aggregate3 with every read allowed to fail): what reads as the chain's answer ("execution
 * reverted", code 3, revert data) is the endpoint's fault there, so the call goes to the next one.
 */
export function asCallThatCannotRevert(outcome: Outcome, method: string, cannotRevert = false): Outcome {
  if (outcome.kind !== "answer" || !(cannotRevert || CANNOT_REVERT.has(method))) return outcome;
  return { kind: "skip", problem: `${describe(outcome)} to a call that cannot revert`, rateLimited: RATE_LIMIT_TEXT.test(outcome.message) };
}

const describe = (error: RpcErrorBody) => `JSON-RPC error ${clip(String(error.code ?? "?"), 20)} "${clip(String(error.message ?? ""))}"`;

/** Hex data, whole bytes (eth_call). */
const HEX_DATA = /^0x([0-9a-fA-F]{2})*$/;
/** A block number or a chain id a real chain has: below 2^52 (BNB Chain is near 2^26), so 0xfff…f is a lie. */
const PLAUSIBLE_QUANTITY = /^0x[0-9a-fA-F]{1,13}$/;
const RESULT_SHAPES: Record<string, RegExp> = { eth_blockNumber: PLAUSIBLE_QUANTITY, eth_chainId: PLAUSIBLE_QUANTITY, eth_call: HEX_DATA };

/** Why `result` cannot be the answer to `method` (undefined when it can, or the method's results are not checked here). */
export function invalidResult(method: string, result: unknown): string | undefined {
  const shape = RESULT_SHAPES[method];
  if (!shape) return undefined;
  if (typeof result === "string" && shape.test(result)) return undefined;
  return `the ${method} result is not ${shape === HEX_DATA ? "hex data" : "a plausible hex quantity"} (${clip(typeof result === "string" ? JSON.stringify(result) : typeof result, 40)})`;
}

/** What the endpoint's reply to our request `id` (a call of `method`, if given: its result is checked) means. */
export function classifyReply(reply: HttpReply, id: number, nowMs: number, method?: string): Outcome {
  const retryAfter = retryAfterMs(reply.retryAfter, nowMs);
  if (reply.status === 429) return { kind: "skip", problem: "HTTP 429 (rate limited)", rateLimited: true, retryAfterMs: retryAfter };
  if (reply.status < 200 || reply.status > 299) return { kind: "skip", problem: `HTTP ${reply.status}`, rateLimited: false, retryAfterMs: retryAfter };
  let body: unknown;
  try {
    body = JSON.parse(reply.body);
  } catch {
    return { kind: "skip", problem: "the answer is not JSON", rateLimited: false };
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return { kind: "skip", problem: "the answer is not a JSON-RPC response", rateLimited: false };
  const response = body as { id?: unknown; result?: unknown; error?: unknown };
  if (response.id !== id) return { kind: "skip", problem: `the answer is for another request (id ${clip(String(JSON.stringify(response.id)), 40)})`, rateLimited: false };
  if (response.error !== undefined && response.error !== null) {
    const error = (typeof response.error === "object" ? response.error : { message: String(response.error) }) as RpcErrorBody;
    const kind = classifyRpcError(error);
    if (kind === "answer") {
      return { kind: "answer", code: typeof error.code === "number" ? error.code : 0, message: typeof error.message === "string" ? error.message : "JSON-RPC error", data: error.data };
    }
    return { kind: "skip", problem: describe(error), rateLimited: kind === "rate-limited", retryAfterMs: retryAfter };
  }
  if (!("result" in response)) return { kind: "skip", problem: "the answer has neither result nor error", rateLimited: false };
  const invalid = method === undefined ? undefined : invalidResult(method, response.result);
  if (invalid) return { kind: "skip", problem: invalid, rateLimited: false };
  return { kind: "result", result: response.result };
}

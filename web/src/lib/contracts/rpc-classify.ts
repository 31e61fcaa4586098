/**
 * What one JSON-RPC endpoint's reply means for a call: a result; the chain's own answer, which is
 * the caller's (a revert, invalid parameters of our call); or a fault of that endpoint (rate limit,
 * a server or proxy error, a body that is not a JSON-RPC answer to our request, a node that lacks
 * the state or the method), after which the same call is sent to the next endpoint. Pure: the pool
 * (rpc-pool.ts) does the fetching, the timing and the cool-downs.
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
  /** The endpoint's own problem: skip it for a while and try the call elsewhere. */
  | { kind: "skip"; problem: string; rateLimited: boolean; retryAfterMs?: number };

export interface HttpReply {
  status: number;
  /** The Retry-After header, if the browser may read it (CORS must expose it). */
  retryAfter?: string | null;
  body: string;
}

/** EIP-1474's "limit exceeded" and the codes public BSC nodes and gateways send when throttling. */
const RATE_LIMIT_CODES = new Set([-32005, -32016, -32090]);
const RATE_LIMIT_TEXT = /rate.?limit|too many requests|limit exceeded|capacity exceeded|exceeded .*(quota|capacity|limit)|quota|throttl/i;
/** Internal error, method not found, resource unavailable: what a lagging, pruned or partial node says. */
const NODE_FAULT_CODES = new Set([-32603, -32601, -32002]);
const NODE_FAULT_TEXT =
  /header not found|missing trie node|state (is )?(unavailable|not available)|unknown block|internal error|method .*(not (supported|found|available|exist))|does not exist\/is not available|timed? ?out|upstream|service unavailable|temporarily unavailable|server busy|try again later|no (healthy|available) (backend|node|upstream)/i;
/** Code 3 (EIP-1474/geth) carries revert data; -32000 "execution reverted" is geth's older form. */
const REVERT_TEXT = /execution reverted|\brevert(ed)?\b/i;
/** Invalid params (-32602) of a call we made are our own bug, the same on every node. */
const INVALID_PARAMS = -32602;

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

/** A JSON-RPC error body: the chain's answer, a rate limit or a fault of the node. */
export function classifyRpcError(error: RpcErrorBody): "answer" | "rate-limited" | "node-fault" {
  const code = typeof error.code === "number" ? error.code : undefined;
  const message = typeof error.message === "string" ? error.message : "";
  // First: a revert is the chain's answer even when its reason reads "daily limit exceeded".
  if (code === 3 || REVERT_TEXT.test(message)) return "answer";
  if (code === INVALID_PARAMS) return "answer";
  if ((code !== undefined && RATE_LIMIT_CODES.has(code)) || RATE_LIMIT_TEXT.test(message)) return "rate-limited";
  if ((code !== undefined && NODE_FAULT_CODES.has(code)) || NODE_FAULT_TEXT.test(message)) return "node-fault";
  // Anything else (-32000 "out of gas", "insufficient funds"…) is what any node would say.
  return "answer";
}

const describe = (error: RpcErrorBody) => `JSON-RPC error ${String(error.code ?? "?")} "${String(error.message ?? "")}"`;

/** What the endpoint's reply to our request `id` means. */
export function classifyReply(reply: HttpReply, id: number, nowMs: number): Outcome {
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
  if (response.id !== id) return { kind: "skip", problem: `the answer is for another request (id ${JSON.stringify(response.id)})`, rateLimited: false };
  if (response.error !== undefined && response.error !== null) {
    const error = (typeof response.error === "object" ? response.error : { message: String(response.error) }) as RpcErrorBody;
    const kind = classifyRpcError(error);
    if (kind === "answer") {
      return { kind: "answer", code: typeof error.code === "number" ? error.code : 0, message: typeof error.message === "string" ? error.message : "JSON-RPC error", data: error.data };
    }
    return { kind: "skip", problem: describe(error), rateLimited: kind === "rate-limited", retryAfterMs: retryAfter };
  }
  if (!("result" in response)) return { kind: "skip", problem: "the answer has neither result nor error", rateLimited: false };
  return { kind: "result", result: response.result };
}

/**
 * What kind of failure an error is, without decoding it: a node that could not be reached, or a
 * revert (and where its data is). Small, so that every screen's reads can tell a network failure
 * apart; the messages for each kind (errors.ts) load with the first action that fails.
 */
import { ReadRevertedError } from "./batch";
import { NetworkError, RpcError } from "./rpc";

/** The revert data somewhere in an error: ethers, wallets and our batcher put it in different places. */
export function findRevertData(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): string | undefined => {
    if (!value || typeof value !== "object" || depth > 6 || seen.has(value)) return undefined;
    seen.add(value);
    if (value instanceof ReadRevertedError) return value.data;
    const record = value as Record<string, unknown>;
    const data = record.data;
    if (typeof data === "string" && /^0x[0-9a-fA-F]{8}/.test(data)) return data;
    for (const key of ["data", "error", "info", "cause", "originalError"]) {
      const found = visit(record[key], depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return visit(error, 0);
}

const NETWORK_CODES = new Set(["NETWORK_ERROR", "TIMEOUT", "SERVER_ERROR"]);
const NETWORK_TEXT = /failed to fetch|fetch failed|networkerror|network error|econnrefused|load failed|could not coalesce|socket hang up/i;

/** The node could not be reached or did not answer (not a revert, not a wallet refusal). */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  if (!error || typeof error !== "object" || error instanceof ReadRevertedError || error instanceof RpcError) return false;
  const { code, message: text, shortMessage } = error as { code?: unknown; message?: unknown; shortMessage?: unknown };
  if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
  if (error instanceof TypeError && NETWORK_TEXT.test(String(text))) return true;
  return NETWORK_TEXT.test(`${String(text ?? "")} ${String(shortMessage ?? "")}`) && !findRevertData(error);
}

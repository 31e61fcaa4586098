/**
 * Requests to the product's account API. It is same-origin: the base address is the page's own
 * origin, and /api is proxied to the mock server locally. A refusal carries a message key the
 * server chose (errors:<key>); anything else that goes wrong is the network's fault.
 */
import { env } from "@/config/env";
import type { ErrorKey, Message } from "@/i18n/message";

export class AccountApiError extends Error {
  constructor(
    readonly status: number,
    readonly reason: Message,
  ) {
    super(`account API: ${status} ${reason.key}`);
    this.name = "AccountApiError";
  }
}

const TIMEOUT_MS = 30_000;

/**
 * The refusal an answer carries (`{ error: { key, params } }`), if any. Only keys of the errors
 * namespace, with plain values, are taken from the server.
 */
export function refusalIn(payload: unknown): Message | undefined {
  const error = (payload as { error?: { key?: unknown; params?: unknown } } | undefined)?.error;
  if (typeof error?.key !== "string" || !/^errors:[A-Za-z]+$/.test(error.key)) return undefined;
  const params: Record<string, string | number> = {};
  for (const [name, value] of Object.entries((error.params as Record<string, unknown> | undefined) ?? {})) {
    if (typeof value === "string" || typeof value === "number") params[name] = value;
  }
  // A key the app lacks shows the missing-key mark (i18n) rather than failing: the server may be newer.
  return { key: error.key as ErrorKey, params };
}

function reasonOf(payload: unknown, status: number): Message {
  // A gateway error or a page instead of JSON: the API cannot be reached.
  return refusalIn(payload) ?? { key: status >= 500 ? "errors:network" : "errors:unknown" };
}

export interface ApiRequest {
  method?: "GET" | "POST";
  body?: object;
  token?: string;
}

export async function apiRequest<T>(path: string, { method, body, token }: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`${env.apiBase}/api${path}`, {
      method: method ?? (body ? "POST" : "GET"),
      headers,
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new AccountApiError(0, { key: "errors:network" });
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok && payload !== undefined) return payload as T;
  throw new AccountApiError(response.status, reasonOf(payload, response.status));
}

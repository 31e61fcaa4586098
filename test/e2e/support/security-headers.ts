/** What every document the app's web servers send must say about its security (web/build/security-headers.ts). */
import { createHash } from "node:crypto";

import { expect } from "vitest";

/** Checks the headers and returns the Content-Security-Policy's directives, by name. */
export function expectSecurityHeaders(headers: Headers, rpcUrls: readonly string[]): Map<string, string[]> {
  expect(headers.get("x-frame-options")).toBe("DENY");
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("no-referrer");
  expect(headers.get("permissions-policy")).toContain("camera=()");
  const policy = headers.get("content-security-policy");
  expect(policy).not.toBeNull();
  const csp = new Map(policy!.split(";").map((directive) => directive.trim().split(/\s+/)).map(([name = "", ...sources]) => [name, sources]));
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  expect(csp.get("form-action")).toEqual(["'self'"]);
  expect(csp.get("img-src")).toEqual(["'self'", "data:"]);
  expect(csp.get("script-src")?.[0]).toBe("'self'");
  expect(csp.get("script-src")?.filter((source) => !source.startsWith("'sha256-"))).toEqual(["'self'"]);
  for (const url of rpcUrls) expect(csp.get("connect-src")).toContain(new URL(url).origin);
  return csp;
}

/** The CSP hashes of the inline `<script>` elements of `html`. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = ""]) => !/\ssrc=/.test(attributes))
    .map(([, , text = ""]) => `sha256-${createHash("sha256").update(text).digest("base64")}`);
}

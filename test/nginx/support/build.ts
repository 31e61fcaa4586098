/**
 * A small stand-in for web/dist: a page with an inline style (as the app shell has), a script, and
 * the files a build writes for the host, made by the build's own code
 * (web/build/security-headers.ts), so the headers nginx sends are a build's, from its own
 * nginx-security-headers.conf.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

import { builtPageHeaders, headersFile, nginxConfig } from "../../../web/build/security-headers";

export const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><style>html{background:#0b0e11}</style>
<script type="module" src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>
`;
export const SCRIPT = "console.log('the app');\n";
/** Two of a mainnet build's JSON-RPC endpoints (docs/operations.md §3): connect-src names them. */
const RPC_URLS = ["https://bsc-dataseed.bnbchain.org", "https://bsc-rpc.publicnode.com"];

/** Writes the build into `dir`; returns the headers every answer must carry. */
export function writeBuild(dir: string): Record<string, string> {
  const headers = builtPageHeaders(PAGE, RPC_URLS);
  mkdirSync(path.join(dir, "assets"), { recursive: true });
  mkdirSync(path.join(dir, ".vite"));
  writeFileSync(path.join(dir, "index.html"), PAGE);
  writeFileSync(path.join(dir, "assets", "index-test.js"), SCRIPT);
  writeFileSync(path.join(dir, "_headers"), headersFile(headers));
  writeFileSync(path.join(dir, "nginx-security-headers.conf"), nginxConfig(headers));
  writeFileSync(path.join(dir, ".vite", "manifest.json"), JSON.stringify({ "index.html": { file: "assets/index-test.js" } }));
  return headers;
}

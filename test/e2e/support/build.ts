/**
 * The production build the browser tests run against, as its manifest and its module list describe
 * it: chunk files are named by their hash alone (web/vite.config.mts), so a test finds a module's
 * files here.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

import type { BundleStats } from "../../../web/build/bundle-stats-format";
import { E2E_BUNDLE_STATS, E2E_DIST } from "../global-setup";

interface ManifestEntry {
  file: string;
  css?: string[];
}

/** A pattern of the URLs of the chunk that holds `source` (relative to web/, as
 *  "src/widgets/member-card.tsx": a chunk of its own, or one of a group, web/build/app-core.ts) and
 *  of that chunk's CSS. */
export function filesOfModule(source: string): RegExp {
  const stats = JSON.parse(readFileSync(E2E_BUNDLE_STATS, "utf8")) as BundleStats;
  const chunk = stats.chunks.find((candidate) => candidate.modules.some(({ id }) => id.replace(/\\/g, "/").endsWith(`/web/${source}`)));
  if (!chunk) throw new Error(`${source} is in no chunk of the build (${E2E_DIST})`);
  const manifest = JSON.parse(readFileSync(path.join(E2E_DIST, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestEntry>;
  const entry = Object.values(manifest).find((candidate) => candidate.file === chunk.fileName);
  const escaped = [chunk.fileName, ...(entry?.css ?? [])].map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`/(${escaped.join("|")})$`);
}

/** Strings only the local build's developer tools hold (a test id, a module's own words, the dev
 *  wallet's published key), not their translations: none may be in a mainnet or testnet build. */
export const LOCAL_ONLY_MARKS = {
  "the contracts console": ["page-contracts-console", "console:bad.checksum"],
  // Hardhat's account #1, published and worthless, which must never reach a real network's page.
  "the dev wallet": ["59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"],
};

/** The text of every JavaScript file a build wrote in `dist`. */
export function scriptsOf(dist: string): string {
  return readdirSync(path.join(dist, "assets"))
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(path.join(dist, "assets", file), "utf8"))
    .join("\n");
}

/** The local-only marks a build's scripts hold, as "part: mark". */
export function localOnlyMarksIn(dist: string): string[] {
  const scripts = scriptsOf(dist);
  return Object.entries(LOCAL_ONLY_MARKS).flatMap(([part, marks]) => marks.filter((mark) => scripts.includes(mark)).map((mark) => `${part}: ${mark}`));
}

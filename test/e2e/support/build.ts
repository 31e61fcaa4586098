/**
 * The production build the browser tests run against, as its manifest describes it: chunk files
 * are named by their hash alone (web/vite.config.mts), so a test finds a module's files here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { E2E_DIST } from "../global-setup";

interface ManifestEntry {
  file: string;
  css?: string[];
}

/** A pattern of the URLs of the chunk built from `source` (relative to web/, as
 *  "src/widgets/member-card.tsx") and of its own CSS. */
export function filesOfModule(source: string): RegExp {
  const manifest = JSON.parse(readFileSync(path.join(E2E_DIST, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestEntry>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not a chunk of its own in the build (${E2E_DIST})`);
  const escaped = [entry.file, ...(entry.css ?? [])].map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`/(${escaped.join("|")})$`);
}

/**
 * With BUNDLE_STATS=<file>, a build also writes which source modules went into each chunk: the
 * benchmark and the browser tests' budget check read it to count the copies of a package (say,
 * ethers) that ended up in the app.
 */
import { writeFileSync } from "node:fs";

import type { Plugin } from "vite";

import type { BundleStats } from "./bundle-stats-format";

export function bundleStatsPlugin(file: string | undefined): Plugin {
  return {
    name: "bundle-stats",
    apply: "build",
    generateBundle(_options, bundle) {
      if (!file) return;
      const stats: BundleStats = { chunks: [] };
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules = Object.entries(output.modules).map(([id, module]) => ({ id, bytes: module.renderedLength }));
        stats.chunks.push({ fileName: output.fileName, modules });
      }
      writeFileSync(file, JSON.stringify(stats, null, 1));
    },
  };
}

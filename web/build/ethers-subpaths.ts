import path from "node:path";

import type { Plugin } from "vite";

/** Resolves imports of the root "ethers" entry to build/ethers-for-typechain.ts (see there). */
export function ethersSubpaths(): Plugin {
  const target = path.resolve(import.meta.dirname, "ethers-for-typechain.ts");
  return {
    name: "ethers-subpaths",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "ethers" || importer === target) return undefined;
      return target;
    },
  };
}

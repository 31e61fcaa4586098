/**
 * What the browser downloads, from a production build: gzip and brotli bytes of the home route's
 * initial JS and CSS (the entry, the home page and the English messages, with everything they
 * import), of what each other page adds when first opened, and of the whole app; and how many
 * copies of ethers went in (from the module list the build writes with BUNDLE_STATS).
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

import type { BundleStats } from "../../web/build/bundle-stats-format";

interface ManifestEntry {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface Size {
  gzip: number;
  brotli: number;
  files: number;
}

export interface BundleReport {
  homeInitial: Size;
  /** What each page module adds to the initial download, by page. */
  pages: ({ page: string } & Size)[];
  whole: Size;
  /** Package folders of ethers (v6 or v5's @ethersproject) that modules were bundled from. */
  ethersCopies: string[];
}

export const HOME_PAGE = "src/features/home/home-page.tsx";

export function analyseBundle(outDir: string, statsFile: string): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestEntry>;
  const cache = new Map<string, { gzip: number; brotli: number }>();
  const sizeOf = (file: string) => {
    let size = cache.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(outDir, file));
      size = {
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      cache.set(file, size);
    }
    return size;
  };
  const total = (files: Iterable<string>): Size => {
    const list = [...files];
    return list.reduce((sum, file) => ({ gzip: sum.gzip + sizeOf(file).gzip, brotli: sum.brotli + sizeOf(file).brotli, files: sum.files + 1 }), { gzip: 0, brotli: 0, files: 0 });
  };
  /** The files `key` needs: its chunk, its CSS, and those of everything it imports statically. */
  const filesOf = (keys: string[]): Set<string> => {
    const files = new Set<string>();
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const entry = manifest[key];
      files.add(entry.file);
      for (const css of entry.css ?? []) files.add(css);
      for (const imported of entry.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return files;
  };

  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error("The build has no entry in its manifest");
  const english = Object.keys(manifest).filter((key) => /src\/i18n\/locales\/en\/[^/]+\.json$/.test(key));
  const initial = filesOf([entry, HOME_PAGE, ...english]);
  const pages = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && /^src\/features\/.+-page\.tsx$/.test(key) && key !== HOME_PAGE)
    .sort()
    .map((key) => ({ page: path.basename(key, ".tsx"), ...total([...filesOf([key])].filter((file) => !initial.has(file))) }));

  const assets = readdirSync(path.join(outDir, "assets"))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => `assets/${file}`);

  const stats = JSON.parse(readFileSync(statsFile, "utf8")) as BundleStats;
  const ethersCopies = new Set<string>();
  for (const chunk of stats.chunks) {
    for (const { id } of chunk.modules) {
      const match = /^(.*\/node_modules\/(?:ethers|@ethersproject\/[^/]+))\//.exec(id.replace(/\\/g, "/").replace(/^\0/, ""));
      if (match) ethersCopies.add(path.relative(process.cwd(), match[1]));
    }
  }
  return { homeInitial: total(initial), pages, whole: total(assets), ethersCopies: [...ethersCopies].sort() };
}

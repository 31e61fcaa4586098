/**
 * What the browser downloads, from a production build: gzip and brotli bytes of any set of its
 * files, of what each lazily loaded chunk adds when first needed (each page, and the rest: the
 * signing code, the dev wallet...), and of the whole app; and how many copies of ethers went in
 * (from the module list the build writes with BUNDLE_STATS). The home route's initial download is
 * taken from the browser itself (screens.ts), signed out and signed in.
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
  /** The entry, the home page and the English messages loaded at start, with all they import: the
   *  floor of what the home route downloads (the browser measure adds what it loads on top). */
  homeStatic: Size;
  /** What each page adds to that when first opened. */
  pages: ({ page: string } & Size)[];
  /** What every other lazily loaded chunk adds (not routes: signing, the dev wallet, messages...). */
  otherLazy: ({ chunk: string } & Size)[];
  whole: Size;
  /** Package folders of ethers (v6 or v5's @ethersproject) that modules were bundled from. */
  ethersCopies: string[];
}

const APP_START = "src/start.tsx";
const STARTUP_MESSAGES = ["src/i18n/locales/en/common.json", "src/i18n/locales/en/pages.json?shell"];
const HOME_PAGE = "src/features/home/home-page.tsx";

const sizes = new Map<string, { gzip: number; brotli: number }>();

/** gzip (level 9) and brotli (quality 11) bytes of files of the build in `outDir`. */
export function sizeOfFiles(outDir: string, files: Iterable<string>): Size {
  const sizeOf = (file: string) => {
    const key = path.join(outDir, file);
    let size = sizes.get(key);
    if (!size) {
      const bytes = readFileSync(key);
      size = {
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      sizes.set(key, size);
    }
    return size;
  };
  return [...files].reduce(
    (sum, file) => ({ gzip: sum.gzip + sizeOf(file).gzip, brotli: sum.brotli + sizeOf(file).brotli, files: sum.files + 1 }),
    { gzip: 0, brotli: 0, files: 0 },
  );
}

export function analyseBundle(outDir: string, statsFile: string): BundleReport {
  const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestEntry>;
  const total = (files: Iterable<string>) => sizeOfFiles(outDir, files);
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
  // The English messages the app loads at start: "common", and the shell of "pages" (web/build/pages-shell.ts).
  const english = Object.keys(manifest).filter((key) => STARTUP_MESSAGES.includes(key));
  // The entry starts the app (src/start.tsx, in the app-core chunk: web/build/app-core.ts) once the
  // shell has painted: it is part of the first download.
  const initial = filesOf([entry, ...(manifest[APP_START] ? [APP_START] : []), HOME_PAGE, ...english]);
  const added = (key: string) => total([...filesOf([key])].filter((file) => !initial.has(file)));
  const lazy = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && key !== HOME_PAGE && key !== APP_START && !english.includes(key));
  const isPage = (key: string) => /^src\/features\/.+-page\.tsx$/.test(key);
  const pages = lazy
    .filter(isPage)
    .sort()
    .map((key) => ({ page: path.basename(key, ".tsx"), ...added(key) }));
  const otherLazy = lazy
    .filter((key) => !isPage(key))
    .sort()
    .map((key) => ({ chunk: key.replace(/^src\//, ""), ...added(key) }));

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
  return { homeStatic: total(initial), pages, otherLazy, whole: total(assets), ethersCopies: [...ethersCopies].sort() };
}

/**
 * Lighthouse on the production build, as a phone on a slow network sees the home route: mobile
 * preset, simulated slow 4G and a 4x slower CPU (Lighthouse's defaults, so the figures barely
 * drift between runs), Debian's Chromium; and as a desktop does (Lighthouse's desktop preset: a
 * 1350 x 940 window, a faster network and CPU), where the layout differs (docs/product/screens.md
 * §3). Run through Lighthouse's own command line (the package is ESM-only; this benchmark runs as
 * CommonJS), a visitor without a wallet, as a first visit is.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { CHROMIUM_ARGS, chromiumPath } from "../lib/chromium";
import { bin } from "../lib/stack";

export interface LighthouseFigures {
  /** 0 to 100. */
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** JavaScript fetched for the page and not run while it loaded. */
  unusedJsBytes: number;
  /** The element Lighthouse took as the largest contentful paint. */
  lcpElement: string;
}

/** Lighthouse starts Chromium itself: headless, with the flags every Chromium of ours gets. */
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

interface Audit {
  numericValue?: number;
  details?: { overallSavingsBytes?: number; items?: { items?: { node?: { snippet?: string } }[] }[] };
}

function figuresOf(report: { categories: { performance: { score: number } }; audits: Record<string, Audit> }): LighthouseFigures {
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    cls: value("cumulative-layout-shift"),
    speedIndexMs: value("speed-index"),
    unusedJsBytes: report.audits["unused-javascript"]?.details?.overallSavingsBytes ?? 0,
    lcpElement: report.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? "",
  };
}

export type LighthousePreset = "mobile" | "desktop";

/** One Lighthouse run of `url`; the JSON report is kept in `outDir`. */
async function runOnce(url: string, outDir: string, run: number, preset: LighthousePreset): Promise<LighthouseFigures> {
  const output = path.join(outDir, preset === "mobile" ? `lighthouse-${run}.json` : `lighthouse-${preset}-${run}.json`);
  const args = [url, `--chrome-flags=${CHROME_FLAGS.join(" ")}`, "--only-categories=performance", "--output=json", `--output-path=${output}`, "--quiet"];
  if (preset === "desktop") args.push("--preset=desktop");
  const child = spawn(bin("lighthouse"), args, { env: { ...process.env, CHROME_PATH: chromiumPath() }, stdio: ["ignore", "ignore", "pipe"] });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`lighthouse exited ${code}: ${errors.slice(-2000)}`);
  return figuresOf(JSON.parse(readFileSync(output, "utf8")));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The median of `runs` runs, figure by figure (the LCP element of the first). */
export type LighthouseReport = LighthouseFigures & { runs: LighthouseFigures[] };

export async function lighthouse(url: string, outDir: string, runs = 3, preset: LighthousePreset = "mobile"): Promise<LighthouseReport> {
  const all: LighthouseFigures[] = [];
  for (let run = 1; run <= runs; run++) all.push(await runOnce(url, outDir, run, preset));
  const pick = (key: Exclude<keyof LighthouseFigures, "lcpElement">) => median(all.map((figures) => figures[key]));
  return {
    performance: pick("performance"),
    fcpMs: pick("fcpMs"),
    lcpMs: pick("lcpMs"),
    tbtMs: pick("tbtMs"),
    cls: pick("cls"),
    speedIndexMs: pick("speedIndexMs"),
    unusedJsBytes: pick("unusedJsBytes"),
    lcpElement: all[0].lcpElement,
    runs: all,
  };
}

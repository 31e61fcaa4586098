/**
 * Screenshots of the app for reviews and issue notes: a production build against its own seeded
 * stack, opened with Alice's wallet (and without a wallet), in each language. By default as a phone
 * user sees it, at 390 x 844 and 360 x 740; `--size` takes another screen instead (a desktop or a
 * tablet: no touch), `--languages` and `--wallet-only` narrow what is taken.
 *
 *   npm run screenshots -- [outDir] [--size 1280x800] [--languages en,zh-Hans] [--wallet-only]
 *
 * (default outDir test-results/phone, or test-results/<width> with a --size.) Ports 17545, 17787
 * and 17173, so it runs beside `npm run dev` and the browser tests; SCREENSHOTS_PORT_OFFSET moves
 * them all (two runs at once).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { LOCALES, settled, type Language } from "./lib/app-pages";
import { launchChromium } from "./lib/chromium";
import { DEMO_KEY, InjectedWallet } from "./lib/injected-wallet";
import { ROOT, startStack, stopAll } from "./lib/stack";

const OFFSET = Number(process.env.SCREENSHOTS_PORT_OFFSET ?? 0);
const PORTS = { node: 17545 + OFFSET, api: 17787 + OFFSET, web: 17173 + OFFSET };
const SCREENS: Record<string, string> = {
  home: "/",
  miningX: "/pages/index/miningX",
  exchangeMvToX: "/pages/index/exchangeMvToX",
  exchangeMV: "/pages/index/exchangeMV",
  salelist: "/pages/index/salelist",
  myTeam: "/pages/index/myTeam",
};
const PHONES = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];
/** From this width the app is laid out for a tablet or a desktop (docs/product/screens.md §3): no touch. */
const WIDE = 768;

interface Options {
  outDir: string;
  viewports: { width: number; height: number }[];
  languages: Language[];
  wallets: boolean[];
}

function parseOptions(args: readonly string[]): Options {
  let outDir: string | undefined;
  let viewports = PHONES;
  let languages = Object.keys(LOCALES) as Language[];
  let wallets = [true, false];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    if (arg === "--size") {
      const match = /^(\d+)x(\d+)$/.exec(args[++index] ?? "");
      if (!match) throw new Error("--size takes WIDTHxHEIGHT, such as 1280x800.");
      viewports = [{ width: Number(match[1]), height: Number(match[2]) }];
    } else if (arg === "--languages") {
      const asked = (args[++index] ?? "").split(",");
      const unknown = asked.filter((language) => !(language in LOCALES));
      if (unknown.length || !asked.length) throw new Error(`--languages takes some of ${Object.keys(LOCALES).join(", ")}, comma-separated.`);
      languages = asked as Language[];
    } else if (arg === "--wallet-only") wallets = [true];
    else if (arg.startsWith("--")) throw new Error(`Unknown option ${arg}.`);
    else outDir = arg;
  }
  const fallback = viewports === PHONES ? "phone" : String(viewports[0].width);
  return { outDir: path.resolve(outDir ?? path.join(ROOT, "test-results", fallback)), viewports, languages, wallets };
}

async function main(): Promise<void> {
  const { outDir, viewports, languages, wallets } = parseOptions(process.argv.slice(2));
  mkdirSync(outDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "screenshots-api-"));
  const stack = await startStack({
    deploymentName: "screenshots",
    nodePort: PORTS.node,
    apiPort: PORTS.api,
    webPort: PORTS.web,
    apiDataDir: dataDir,
    apiLogFile: path.join(dataDir, "api.log"),
    say: (line) => console.log(line),
  });
  try {
    const buildDir = path.join(ROOT, "test-results", "screenshots-dist");
    console.log("Building the app…");
    await stack.buildWeb({ webPort: PORTS.web, outDir: buildDir });
    await stack.startWeb({ mode: "preview", webPort: PORTS.web, outDir: buildDir });
    const browser = await launchChromium();
    for (const viewport of viewports) {
      const phone = viewport.width < WIDE;
      for (const language of languages) {
        for (const withWallet of wallets) {
          const context = await browser.newContext({ viewport, locale: LOCALES[language], deviceScaleFactor: 1, isMobile: phone, hasTouch: phone });
          const page = await context.newPage();
          if (withWallet) await new InjectedWallet(stack.nodeUrl, DEMO_KEY.alice).attach(page);
          for (const [name, route] of Object.entries(SCREENS)) {
            await page.goto(`http://127.0.0.1:${PORTS.web}/#${route}`);
            // The page's own content, not the app shell painted from the HTML (nothing is loading in it yet).
            await page.locator('[data-testid^="page-"]').first().waitFor({ timeout: 30_000 }).catch(() => undefined);
            await settled(page).catch(() => undefined);
            await page.waitForTimeout(300);
            const file = path.join(outDir, `${viewport.width}-${language}-${withWallet ? "wallet" : "visitor"}-${name}.png`);
            await page.screenshot({ path: file, fullPage: true });
          }
          await context.close();
        }
      }
    }
    await browser.close();
    console.log(`Screenshots in ${outDir}`);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch(async (error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
});

/**
 * Screenshots of the app as a phone user sees it, for reviews and issue notes: a production build
 * against its own seeded stack, opened at 390 x 844 with Alice's wallet, in each language.
 *
 *   npm run screenshots -- [outDir]      (default test-results/phone)
 *
 * Ports 17545, 17787 and 17173, so it runs beside `npm run dev` and the browser tests.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { LOCALES, settled, type Language } from "./lib/app-pages";
import { launchChromium } from "./lib/chromium";
import { DEMO_KEY, InjectedWallet } from "./lib/injected-wallet";
import { ROOT, startStack, stopAll } from "./lib/stack";

const PORTS = { node: 17545, api: 17787, web: 17173 };
const SCREENS: Record<string, string> = {
  home: "/",
  miningX: "/pages/index/miningX",
  exchangeMvToX: "/pages/index/exchangeMvToX",
  salelist: "/pages/index/salelist",
};
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
];

async function main(): Promise<void> {
  const outDir = path.resolve(process.argv[2] ?? path.join(ROOT, "test-results", "phone"));
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
    for (const viewport of VIEWPORTS) {
      for (const language of Object.keys(LOCALES) as Language[]) {
        for (const withWallet of [true, false]) {
          const context = await browser.newContext({ viewport, locale: LOCALES[language], deviceScaleFactor: 1, isMobile: true, hasTouch: true });
          const page = await context.newPage();
          if (withWallet) await new InjectedWallet(stack.nodeUrl, DEMO_KEY.alice).attach(page);
          for (const [name, route] of Object.entries(SCREENS)) {
            await page.goto(`http://127.0.0.1:${PORTS.web}/#${route}`);
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

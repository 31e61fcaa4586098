/**
 * Debian's Chromium, as the browser tests and the benchmark launch it (never a downloaded browser).
 */
import { existsSync } from "node:fs";

import { chromium, type Browser } from "playwright-core";

/** Without the background-networking flags Chromium keeps dialling out on this closed network. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** CHROMIUM_PATH, else /usr/bin/chromium; a clear error when it is not there. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  const candidate = env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}. Install Debian's package (apt-get install -y chromium) or point CHROMIUM_PATH at a Chromium binary.`,
    );
  }
  return candidate;
}

export function launchChromium(executablePath: string = chromiumPath()): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

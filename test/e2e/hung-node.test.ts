/**
 * A node that takes requests and never answers (a process stopped, not gone): the app says so
 * within a few seconds, says that the figures on screen are stale, and recovers when reads are
 * answered again. One endpoint stalled while the other answers needs no banner: the pool fails
 * over in time.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { DEMO_KEY } from "../../scripts/lib/injected-wallet";
import { settled, titleOf } from "../../scripts/lib/app-pages";
import { RESULTS_DIR } from "./global-setup";
import { figure, openApp } from "./support/browser";
import { setEndpoint } from "./support/endpoints";

const PHONE = { width: 360, height: 740 };
const SHOTS = path.join(RESULTS_DIR, "screenshots", "hung-node");

/** The app tells the user once a read has gone unanswered this long (READ_NOTICE_MS), and the head watch asks every 4 s: with a margin for a loaded machine. */
const BANNER_WITHIN_MS = 12_000;

describe("a node that does not answer", () => {
  it("one endpoint stalled while the other answers: no banner, and pages read through the other", async () => {
    const app = await openApp({ key: DEMO_KEY.alice, route: "/pages/index/myProfile", viewport: PHONE });
    const { page } = app;
    await figure(page, "Current ACB price").filter({ hasText: "USD" }).waitFor();
    try {
      await setEndpoint(0, "stall");
      // Long enough for the notice time past two head polls, and a cool-down of the stalled endpoint to end.
      const banner = page.getByRole("alert").filter({ hasText: "Your network is abnormal, please try again later!" });
      const shown = await banner.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      expect(shown, "a banner while the second endpoint answered").toBe(false);
      await app.goto("/pages/index/myTeam");
      await settled(page, { title: titleOf("titles.myTeam"), timeoutMs: 15_000 });
      expect(await banner.count()).toBe(0);
    } finally {
      await setEndpoint(0, "pass");
    }
    await app.context.close();
  });

  it("every endpoint stalled: the banner within a few seconds, the figures said to be stale, and both gone once reads are answered", async () => {
    const app = await openApp({ key: DEMO_KEY.alice, route: "/pages/index/myProfile", viewport: PHONE });
    const { page } = app;
    const total = figure(page, "Waiting in total");
    await total.filter({ hasText: "USD" }).waitFor();
    const banner = page.getByRole("alert").filter({ hasText: "Your network is abnormal, please try again later!" });
    const stale = page.getByText(/^Figures as of .*: the node is not answering\.$/);
    try {
      await setEndpoint(0, "stall");
      await setEndpoint(1, "stall");
      const stalledAt = Date.now();
      await banner.waitFor({ timeout: BANNER_WITHIN_MS });
      expect(Date.now() - stalledAt).toBeLessThan(BANNER_WITHIN_MS);
      expect(await banner.textContent()).toBe("Your network is abnormal, please try again later!");
      // The figures stay, said to be as of the last answer.
      await stale.waitFor();
      expect(await stale.textContent()).toMatch(/^Figures as of \d{1,2}:\d{2}:\d{2}( [AP]M)?: the node is not answering\.$/);
      expect(await total.textContent()).toContain("USD");
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, "all-stalled.png") });
    } finally {
      await setEndpoint(0, "pass");
      await setEndpoint(1, "pass");
    }
    await banner.waitFor({ state: "detached", timeout: 15_000 });
    expect(await stale.count()).toBe(0);
    await total.filter({ hasText: "USD" }).waitFor();
    await app.context.close();
  });
});

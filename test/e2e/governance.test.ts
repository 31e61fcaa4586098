/**
 * An owner change users see coming (docs/decisions/governance.md), on the local chain's 600 s
 * governance delay: the deployer (the manager's admin) schedules a cut of the daily rate through
 * the AccessManager; a member with records finds it on My Earnings before it applies, from what to
 * what, when (in the browser's own time zone, and UTC), and what it does to their daily machine
 * revenue; then on the terms page. The node's clock moves past the delay, the change is executed,
 * the terms page shows the new rate in force and the change among the past ones, and the notice
 * is gone. A real indexer (Ponder on PGlite) serves the operations, on the port the app's web
 * server sends /history to (as history.test.ts).
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { settled } from "../../scripts/lib/app-pages";
import { DEMO_ADDRESS, DEMO_KEY } from "../../scripts/lib/injected-wallet";
import { startIndexer, type Service } from "../../scripts/lib/stack";
import { formatAmount } from "../../web/src/lib/format/format";
import { caughtUp } from "../indexer/support/history";
import { RESULTS_DIR } from "./global-setup";
import { card, figure, openApp, type AppSession } from "./support/browser";
import { axeViolations, layoutProblems } from "./support/layout";
import { testChain, type ScheduledOperation } from "./support/chain";

const stack = inject("stack");
const chain = testChain();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "e2e-governance-"));
let indexer: Service | undefined;

/** A time zone away from UTC, so that the notice's two times differ: the browser's own, and UTC. */
const TIME_ZONE = "Asia/Shanghai";
const NEW_RATE_BPS = 50n;
const QUEUED = "Changes queued by the owner";

beforeAll(async () => {
  mkdirSync(path.join(RESULTS_DIR, "screenshots"), { recursive: true });
  indexer = await startIndexer({ port: stack.indexerPort, rpcUrl: stack.nodeUrl, addressBook: stack.addressBook, dataDir, pollingMs: 200 });
}, 180_000);

afterAll(async () => {
  await indexer?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const indexed = () => caughtUp(`http://127.0.0.1:${stack.indexerPort}`, chain.provider);

/** The narrowest phone the app is made for. */
const PHONE = { width: 360, height: 740 };

/** The app in `TIME_ZONE`, as the member's browser would be, on the narrowest phone. */
async function openInZone(route: string): Promise<AppSession> {
  const app = await openApp({ key: DEMO_KEY.alice, route, viewport: PHONE });
  const cdp = await app.context.newCDPSession(app.page);
  await cdp.send("Emulation.setTimezoneOverride", { timezoneId: TIME_ZONE });
  await app.page.reload();
  return app;
}

/** `seconds` as the notices say a moment in English: in `TIME_ZONE`, and in UTC. */
function when(seconds: bigint): { local: string; utc: string } {
  const date = new Date(Number(seconds) * 1000);
  const style = { dateStyle: "medium", timeStyle: "short" } as const;
  return { local: date.toLocaleString("en", { ...style, timeZone: TIME_ZONE }), utc: date.toLocaleString("en", { ...style, timeZone: "UTC" }) };
}

/** Machine revenue a day of `activeValue` whole USD at `rateBps`, as the notice says it. */
const daily = (activeValue: bigint, rateBps: bigint) => formatAmount((activeValue * 10n ** 18n * rateBps) / 10_000n, 4);

const notice = (page: Page) => card(page, QUEUED);

describe("a daily-rate cut, scheduled through the manager", () => {
  let cut: ScheduledOperation;
  let data: string;
  let rateBefore: bigint;
  let activeValue: bigint;

  it("is on My Earnings before it applies: from what to what, when, and the member's daily revenue before and after", async () => {
    rateBefore = await chain.revenue.dailyRateBps();
    ({ activeValue } = await chain.revenue.earningsOf(DEMO_ADDRESS.alice));
    expect(activeValue, "Alice has records still earning (the seed)").toBeGreaterThan(0n);
    data = chain.revenue.interface.encodeFunctionData("setDailyRate", [NEW_RATE_BPS]);
    cut = await chain.schedule(chain.addresses.Revenue, data);
    // The local chain's delay: the schedule is 600 s after the block that scheduled it.
    const block = await chain.provider.getBlock(cut.receipt.blockNumber);
    expect(cut.schedule - BigInt(block!.timestamp)).toBe(await chain.governanceDelay());
    expect(await chain.governanceDelay()).toBe(600n);
    await indexed();

    const app = await openInZone("/pages/index/myProfile");
    const item = notice(app.page).getByRole("listitem");
    const { local, utc } = when(cut.schedule);
    expect(local).not.toBe(utc);
    await item.filter({ hasText: "Daily rate of machine revenue: from 1% to 0.5% of a record's value a day." }).waitFor();
    expect(rateBefore).toBe(100n);
    await item.filter({ hasText: `Can apply from ${local} (${utc} UTC), once the owner executes it.` }).waitFor();
    await item.filter({ hasText: `Your daily machine revenue goes from ${daily(activeValue, rateBefore)} to ${daily(activeValue, NEW_RATE_BPS)} USD.` }).waitFor();
    // At 360 px: nothing cut or wider than the window, nothing axe objects to.
    await settled(app.page);
    await app.page.screenshot({ path: path.join(RESULTS_DIR, "screenshots", "governance-earnings.png"), fullPage: true });
    expect(await layoutProblems(app.page)).toEqual([]);
    expect(await axeViolations(app.page)).toEqual([]);
    expect(app.errors).toEqual([]);

    // From the notice to the terms page, where it is queued against the rate in force.
    await notice(app.page).getByRole("link", { name: "All terms" }).click();
    await app.page.getByRole("heading", { level: 1, name: "Product terms" }).waitFor();
    await figure(app.page, "Daily rate of machine revenue").filter({ hasText: /^1%$/ }).waitFor();
    const queued = card(app.page, "Queued changes").getByRole("listitem");
    await queued.filter({ hasText: "Daily rate of machine revenue: from 1% to 0.5% of a record's value a day." }).waitFor();
    await queued.filter({ hasText: `Can apply from ${local} (${utc} UTC)` }).waitFor();
    await figure(app.page, "Delay before a change can apply").filter({ hasText: /^10 min$/ }).waitFor();
    await settled(app.page);
    await app.page.screenshot({ path: path.join(RESULTS_DIR, "screenshots", "governance-terms.png"), fullPage: true });
    expect(await layoutProblems(app.page)).toEqual([]);
    expect(await axeViolations(app.page)).toEqual([]);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });

  it("applies once the delay has passed and the owner executes it: the new rate is in force, the notice gone", async () => {
    // Executing before the schedule fails: the delay is the manager's, not the app's.
    await expect(chain.execute(chain.addresses.Revenue, data)).rejects.toThrow();
    // The node's clock moves past the delay (evm_increaseTime, then evm_mine), and the owner executes.
    await chain.travel(Number(await chain.governanceDelay()) + 1);
    const executed = await chain.execute(chain.addresses.Revenue, data);
    expect(await chain.revenue.dailyRateBps()).toBe(NEW_RATE_BPS);
    await indexed();

    const app = await openInZone("/pages/terms/terms");
    await figure(app.page, "Daily rate of machine revenue").filter({ hasText: /^0\.5%$/ }).waitFor();
    await card(app.page, "Queued changes").getByText("No change is queued.").waitFor();
    const past = card(app.page, "Past changes").getByRole("listitem").filter({ hasText: "Daily rate of machine revenue: 0.5%" });
    await past.filter({ hasText: /Applied / }).waitFor();
    // Its transaction: the execution's.
    await past.getByTitle(executed.hash).waitFor();

    // My Earnings reads the queue when it opens: nothing is queued any more.
    const queueRead = app.page.waitForResponse((response) => response.url().includes("/history/governance/operations?status=pending"));
    await app.goto("/pages/index/myProfile");
    expect((await queueRead).ok()).toBe(true);
    await app.page.getByRole("button", { name: "Claim revenue", exact: true }).waitFor();
    await settled(app.page);
    expect(await notice(app.page).count()).toBe(0);
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});

/**
 * Checks of what a phone user sees, run in the page: text cut or wrapped where it must not be,
 * placeholders wider than their field, and accessibility rules (axe-core, the engine behind
 * Lighthouse's and Playwright's checks, injected from the npm package: nothing is fetched). axe is
 * evaluated through the debugging protocol, not put in as a `<script>`: the app's CSP refuses inline scripts.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  help: string;
  nodes: string[];
}

/** axe's violations on the page as it is now (WCAG 2.1 A and AA, and best practices such as `region`). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(`${AXE_SOURCE}\n;undefined`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((violation) => ({ id: violation.id, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(" ")) }));
  });
}

/**
 * Every visible title, button, button-like link and menu item whose text is cut (wider than its box)
 * or wrapped onto a second line, every element wider than the screen, and every placeholder wider
 * than its field: a list of what is wrong, empty when all fits.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false }) && !element.closest('[aria-hidden="true"], [inert]');
    const describe = (element: Element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`;

    /** How many lines the element's text takes: text boxes that do not overlap vertically are on different lines. */
    const lineCount = (element: Element) => {
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...[...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0));
      }
      rects.sort((a, b) => a.top - b.top);
      let lines = 0;
      let bottom = -Infinity;
      for (const rect of rects) {
        if (rect.top >= bottom - 1) {
          lines += 1;
          bottom = rect.bottom;
        } else bottom = Math.max(bottom, rect.bottom);
      }
      return lines;
    };

    for (const element of document.querySelectorAll("h1, button, a.button, [role='menuitem']")) {
      if (!visible(element)) continue;
      if (element.scrollWidth > element.clientWidth + 1) problems.push(`cut: ${describe(element)} (${element.scrollWidth} > ${element.clientWidth} px)`);
      if (lineCount(element) > 1) problems.push(`wrapped: ${describe(element)}`);
    }
    for (const element of document.querySelectorAll("header, main, section, input, button")) {
      if (!visible(element)) continue;
      const rect = element.getBoundingClientRect();
      if (rect.right > window.innerWidth + 1) problems.push(`wider than the screen: ${describe(element)} (right edge ${Math.round(rect.right)} px)`);
    }
    const context = document.createElement("canvas").getContext("2d")!;
    for (const input of document.querySelectorAll<HTMLInputElement>("input[placeholder]")) {
      if (!visible(input) || !input.placeholder) continue;
      const style = getComputedStyle(input);
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = context.measureText(input.placeholder).width;
      if (width > room + 1) problems.push(`placeholder cut: "${input.placeholder}" (${Math.round(width)} > ${Math.round(room)} px)`);
    }
    return problems;
  });
}

/**
 * The `figures` (a figure found by its label, a note by its text) that are cut (text wider than
 * their box) or reach past the screen's right edge, each with the row it sits in (a figure's row:
 * its label and the figure side by side); each must be on the page, once, and visible. Figures and
 * notes may wrap: what layoutProblems checks of buttons and titles does not apply to them.
 */
export async function figureProblems(figures: readonly Locator[]): Promise<string[]> {
  const problems: string[] = [];
  for (const figure of figures) {
    const name = String(figure);
    if ((await figure.count()) !== 1 || !(await figure.isVisible())) {
      problems.push(`missing: ${name}`);
      continue;
    }
    problems.push(
      ...(await figure.evaluate((element, name) => {
        const found: string[] = [];
        for (const box of [element, element.parentElement!]) {
          const rect = box.getBoundingClientRect();
          if (box.scrollWidth > box.clientWidth + 1) found.push(`cut: ${name} "${(box.textContent ?? "").trim().slice(0, 60)}" (${box.scrollWidth} > ${box.clientWidth} px)`);
          if (rect.right > window.innerWidth + 1) found.push(`wider than the screen: ${name} (right edge ${Math.round(rect.right)} px)`);
        }
        return found;
      }, name)),
    );
  }
  return problems;
}

/** One layout shift as the page saw it: when, how much, and which elements moved from where to where. */
interface RecordedShift {
  atMs: number;
  value: number;
  moved: string[];
}

/** From the next page load on, records the page's layout shifts not caused by input (as CLS counts
 *  them), each with the elements it moved, so a failing check names what moved. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Source {
      node: Node | null;
      previousRect: DOMRectReadOnly;
      currentRect: DOMRectReadOnly;
    }
    const shifts: { atMs: number; value: number; moved: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    const box = (rect: DOMRectReadOnly) => `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
    const name = (node: Node | null) => {
      if (!node) return "(gone)";
      const element = node instanceof Element ? node : node.parentElement;
      const testId = element?.closest("[data-testid]")?.getAttribute("data-testid");
      return `${node.nodeName.toLowerCase()}${testId ? ` in ${testId}` : ""} "${(node.textContent ?? "").trim().slice(0, 48)}"`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { startTime: number; value: number; hadRecentInput: boolean; sources: Source[] }[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map((source) => `${name(source.node)} ${box(source.previousRect)} -> ${box(source.currentRect)}`);
        shifts.push({ atMs: Math.round(entry.startTime), value: entry.value, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts since the load `recordLayoutShifts` was set up before. */
function recordedShifts(page: Page): Promise<RecordedShift[]> {
  return page.evaluate(() => (window as unknown as { __shifts: RecordedShift[] }).__shifts);
}

/** Checks the layout shift since that load is at most `limit`; when it is not, the failure lists
 *  every shift with what it moved (a CI log then says which element came late). */
export async function expectLayoutShiftAtMost(page: Page, limit: number): Promise<void> {
  const shifts = await recordedShifts(page);
  const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
  const report = shifts.map((shift) => `at ${shift.atMs} ms, ${shift.value.toFixed(4)}: ${shift.moved.join("; ")}`).join("\n");
  expect(total, `layout shift ${total.toFixed(4)} > ${limit}:\n${report}`).toBeLessThanOrEqual(limit);
}

/**
 * What a screen of any width must keep (docs/product/screens.md §3), measured by element boxes: a
 * list of what is wrong, empty when all fits.
 * - the document no wider than the window (no sideways scrolling);
 * - every visible heading (h1 to h3), button, button-like link, link of the navigation and
 *   shortened address on one line and not cut (its text no wider than its box; a mark set on an
 *   edge, out of the flow, is not a line of its own);
 * - every table within its place (no column pushed out of its card), every word of a table's
 *   heading on one line ("個人業績 (算力)" may take two lines, never "算/力").
 */
export function screenProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (element: Element) => element.checkVisibility({ visibilityProperty: true, opacityProperty: false }) && !element.closest('[aria-hidden="true"], [inert]');
    const describe = (element: Element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    /** The distinct lines a list of boxes sits on (boxes that overlap vertically share one). */
    const linesOf = (rects: DOMRect[]) => {
      const sorted = rects.filter((rect) => rect.width > 0 && rect.height > 0).sort((a, b) => a.top - b.top);
      let lines = 0;
      let bottom = -Infinity;
      for (const rect of sorted) {
        if (rect.top >= bottom - 1) {
          lines += 1;
          bottom = rect.bottom;
        } else bottom = Math.max(bottom, rect.bottom);
      }
      return lines;
    };
    /** Whether `node` is in a mark placed out of the flow (the DEV mark on the wallet chip's edge). */
    const outOfFlow = (node: Node, within: Element) => {
      for (let parent = node.parentElement; parent && parent !== within; parent = parent.parentElement) if (getComputedStyle(parent).position === "absolute") return true;
      return false;
    };
    const textRects = (element: Element) => {
      const rects: DOMRect[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || outOfFlow(node, element)) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        rects.push(...range.getClientRects());
      }
      return rects;
    };

    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) problems.push(`the document is wider than the window (${root.scrollWidth} > ${window.innerWidth} px)`);

    // A shortened address is one word; a whole one (42 characters) may wrap on a phone.
    const single = "h1, h2, h3, button, a.button, [role='menuitem'], nav a, a[href*='memberInfo']";
    for (const element of document.querySelectorAll(single)) {
      if (!visible(element) || (element.matches("a[href*='memberInfo']") && !element.textContent?.includes("…"))) continue;
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).display !== "inline") problems.push(`cut: ${describe(element)} (${element.scrollWidth} > ${element.clientWidth} px)`);
      if (linesOf(textRects(element)) > 1) problems.push(`wrapped: ${describe(element)}`);
    }

    for (const table of document.querySelectorAll("table")) {
      if (!visible(table)) continue;
      const room = table.parentElement!.clientWidth;
      if (table.getBoundingClientRect().width > room + 1) problems.push(`a table wider than its place: ${describe(table)} (${Math.round(table.getBoundingClientRect().width)} > ${room} px)`);
    }

    for (const heading of document.querySelectorAll("th")) {
      if (!visible(heading)) continue;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (linesOf([...range.getClientRects()]) > 1) problems.push(`a word broken in a table's heading: "${match[0]}" of ${describe(heading)}`);
        }
      }
    }
    return problems;
  });
}

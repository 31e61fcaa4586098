/**
 * Which fonts Chromium drew the app with, per language, as the browser tests' setup prints them: the
 * machine's fonts decide how wide a line of Chinese is (the app's stack names the fonts of phones
 * and desktops, which a CI machine lacks; fontconfig then picks one), so a layout that passes on
 * one machine and not on another shows its cause in the log (docs/testing.md §4).
 */
import type { Browser, Page } from "playwright-core";

import { LOCALES, newAppContext, settled, type Language } from "../../../scripts/lib/app-pages";

/** A marker put on the element whose own text is measured. */
const MARK = "data-font-probe";

/** Marks the first element whose own text is in `language`'s script, once the app has drawn one; false when none comes. */
function markFirstText(page: Page, language: Language): Promise<boolean> {
  return page
    .waitForFunction(
      ([mark, script]) => {
        const pattern = new RegExp(script, "u");
        document.querySelectorAll(`[${mark}]`).forEach((marked) => marked.removeAttribute(mark));
        const element = [...document.querySelectorAll("#root *")].find((candidate) =>
          [...candidate.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && pattern.test(node.textContent ?? "")),
        );
        element?.setAttribute(mark, "");
        return element !== undefined;
      },
      [MARK, language === "en" ? "[A-Za-z]{3}" : "\\p{Script=Han}"] as const,
      { timeout: 30_000 },
    )
    .then(
      () => true,
      () => false,
    );
}

/** "WenQuanYi Zen Hei (24 glyphs), DejaVu Sans (3 glyphs)": the fonts of the first text in
 *  `language`'s own script on the home page (Chinese characters, or Latin letters for English). */
async function fontsOf(browser: Browser, webUrl: string, language: Language): Promise<string> {
  const context = await newAppContext(browser, language);
  try {
    const page = await context.newPage();
    await page.goto(`${webUrl}/#/`);
    await settled(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("DOM.enable");
    await cdp.send("CSS.enable");
    // The element marked may be replaced before it is measured (index.html's painted shell gives
    // way to the app's, a part loads): then it is looked for and marked again, a few times.
    for (let attempt = 0; attempt < 5; attempt++) {
      if (!(await markFirstText(page, language))) return "no text found";
      const { root } = await cdp.send("DOM.getDocument");
      const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: `[${MARK}]` });
      if (nodeId === 0) continue;
      const measured = await cdp.send("CSS.getPlatformFontsForNode", { nodeId }).then(
        ({ fonts }) => fonts.map((font) => `${font.familyName} (${font.glyphCount} glyphs)`).join(", ") || "none",
        () => undefined,
      );
      if (measured !== undefined) return measured;
    }
    return "the text kept being replaced";
  } finally {
    await context.close();
  }
}

/** One line per language: the fonts its text was drawn with. */
export async function fontReport(browser: Browser, webUrl: string): Promise<string> {
  const lines: string[] = [];
  for (const language of Object.keys(LOCALES) as Language[]) lines.push(`  ${language.padEnd(7)} ${await fontsOf(browser, webUrl, language)}`);
  return `Fonts Chromium drew the app with (the first text of each language's script on home):\n${lines.join("\n")}`;
}

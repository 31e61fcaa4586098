import { afterEach, describe, expect, it, vi } from "vitest";

import { NAMESPACES, i18next, loadMessages } from "./index";
import { switchLanguage } from "./switch-language";

/** A network that is gone: i18next asks, nothing comes. */
const networkGone = () => vi.spyOn(i18next, "reloadResources").mockImplementation(async () => undefined);

afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage("en");
});

describe("loading messages", () => {
  it("asks anew for a catalogue that failed before, and rejects while one is still missing", async () => {
    await loadMessages(["common"], "zh-Hant");
    i18next.removeResourceBundle("zh-Hant", "trade");
    const asked = networkGone();
    await expect(loadMessages(["common", "trade"], "zh-Hant")).rejects.toThrow("zh-Hant trade");
    // Only what is missing is asked for.
    expect(asked).toHaveBeenCalledWith(["zh-Hant"], ["trade"]);

    asked.mockRestore();
    await expect(loadMessages(["common", "trade"], "zh-Hant")).resolves.toBeUndefined();
    expect(i18next.hasResourceBundle("zh-Hant", "trade")).toBe(true);
  });

  it("asks nothing when every catalogue is there", async () => {
    const asked = vi.spyOn(i18next, "reloadResources");
    await loadMessages(["common", "pages"]);
    expect(asked).not.toHaveBeenCalled();
  });
});

describe("switching the language", () => {
  it("changes it once its messages are there, every catalogue in use included", async () => {
    const inUse = NAMESPACES.filter((namespace) => i18next.hasResourceBundle("en", namespace));
    expect(await switchLanguage("zh-Hans")).toBe(true);
    expect(i18next.language).toBe("zh-Hans");
    expect(document.documentElement.lang).toBe("zh-Hans");
    for (const namespace of inUse) expect(i18next.hasResourceBundle("zh-Hans", namespace)).toBe(true);
    expect(i18next.t("loading.retry")).toBe("重试");
  });

  it("offline, says it failed and keeps the current language, whole", async () => {
    for (const namespace of NAMESPACES) i18next.removeResourceBundle("zh-Hant", namespace);
    networkGone();
    expect(await switchLanguage("zh-Hant")).toBe(false);
    expect(i18next.language).toBe("en");
    expect(document.documentElement.lang).toBe("en");
    expect(i18next.t("loading.retry")).toBe("Retry");
  });
});

import { describe, expect, it } from "vitest";

import { href } from "./href";
import { pageTitleOf } from "./page-props";
import { EXCHANGE_PATHS, HOME_PATH, MINING_PATHS, PAGES, isExchangePath, miningTokenOf } from "./paths";

describe("href", () => {
  it("names a page by its path, with the query it reads", () => {
    expect(href(HOME_PATH)).toBe("/pages/index/index");
    expect(href("/pages/bind/bind")).toBe("/pages/bind/bind");
    expect(href("/pages/index/miningX", { stype: "choose" })).toBe("/pages/index/miningX?stype=choose");
    expect(href("/pages/index/miningX", {})).toBe("/pages/index/miningX");
    expect(href("/pages/memberInfo/memberInfo", { address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC" })).toBe(
      "/pages/memberInfo/memberInfo?address=0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC",
    );
  });

  it("compiles only for the app's pages and the parameters they read", () => {
    // @ts-expect-error: no page there
    expect(href("/pages/index/nowhere")).toBe("/pages/index/nowhere");
    // @ts-expect-error: the bind page reads no query
    href("/pages/bind/bind", { stype: "choose" });
    // @ts-expect-error: the chooser is the only stype the mining page knows
    href("/pages/index/miningX", { stype: "other" });
    // @ts-expect-error: the member page needs the address
    href("/pages/memberInfo/memberInfo", {});
  });
});

describe("the pages", () => {
  it("have each path once, '/' and the index both titled home", () => {
    expect(new Set(PAGES.map((page) => page.path)).size).toBe(PAGES.length);
    expect(pageTitleOf("/")).toBe("titles.home");
    expect(pageTitleOf(HOME_PATH)).toBe("titles.home");
    expect(pageTitleOf("/pages/index/exchangeACB")).toBe("titles.exchangeACB");
    expect(pageTitleOf("/pages/nowhere")).toBeUndefined();
  });

  it("map each synthesis token to its page and back (X for any other path)", () => {
    for (const [token, path] of Object.entries(MINING_PATHS)) expect(miningTokenOf(path)).toBe(token);
    expect(miningTokenOf("/pages/index/exchangeACB")).toBe("X");
  });

  it("know the exchange pages", () => {
    expect(EXCHANGE_PATHS.every(isExchangePath)).toBe(true);
    expect(isExchangePath("/pages/index/exchangeMV")).toBe(false);
  });
});

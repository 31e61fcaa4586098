import { describe, expect, it } from "vitest";

import { reaches, withFreshTop } from "./fresh-top";

const row = (block: number) => ({ position: String(block * 1_000_000), time: block, txHash: `0x${block}` });
const rows = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => row(from - i));
const blocks = (page: { items: { time: number }[] }) => page.items.map((item) => item.time);

describe("a list read again from the top", () => {
  it("puts the new rows on top and keeps the rows loaded below, with their cursor", () => {
    const merged = withFreshTop({ items: rows(10, 3), next: "c3" }, { items: rows(12, 8), next: "c8" });
    expect(blocks(merged)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(merged.next).toBe("c3");
  });

  it("takes the rows it read again in place of those they cover: one a reorganisation undid goes", () => {
    const merged = withFreshTop({ items: [row(10), row(9), row(8), row(7)], next: "c7" }, { items: [row(11), row(10), row(8)], next: "c8" });
    expect(blocks(merged)).toEqual([11, 10, 8, 7]);
  });

  it("is the whole list when it read to the end", () => {
    expect(withFreshTop({ items: rows(10, 1), next: null }, { items: rows(11, 3), next: null })).toEqual({ items: rows(11, 3), next: null });
  });

  it("starts again from the top, never with a hole, when it does not reach the rows shown", () => {
    const fresh = { items: rows(40, 31), next: "c31" };
    expect(reaches(rows(10, 1), fresh)).toBe(false);
    expect(withFreshTop({ items: rows(10, 1), next: "c1" }, fresh)).toEqual(fresh);
    expect(reaches(rows(10, 1), { items: rows(20, 10), next: "c10" })).toBe(true);
  });
});

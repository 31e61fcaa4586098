import { describe, expect, it } from "vitest";

import { rowOffsets, windowRange, withFocused } from "./window-range";

const offsets = rowOffsets(4_000, () => 50);

describe("the rows of a long list that are rendered", () => {
  it("are those in view and a margin either side, the rest stood in for by the padding", () => {
    // View 10,000-10,500 px: rows 200 to 209; a margin of 250 px adds five either side.
    expect(windowRange(offsets, 10_000, 10_500, 250)).toEqual({ start: 195, end: 215, before: 195 * 50, after: (4_000 - 215) * 50 });
  });

  it("start at the top when the view is at or above the list, and take the last rows at its end", () => {
    expect(windowRange(offsets, -300, 200, 100)).toEqual({ start: 0, end: 6, before: 0, after: 3_994 * 50 });
    expect(windowRange(offsets, 199_800, 200_300, 0)).toMatchObject({ start: 3_996, end: 4_000, after: 0 });
  });

  it("are none when the view is far past the list: all padding, the height kept", () => {
    expect(windowRange(offsets, 500_000, 500_500, 0)).toEqual({ start: 4_000, end: 4_000, before: 200_000, after: 0 });
  });

  it("follow rows of different heights", () => {
    const mixed = rowOffsets(6, (index) => (index % 2 === 0 ? 30 : 70));
    expect(mixed).toEqual([0, 30, 100, 130, 200, 230, 300]);
    // 110-150 px: the end of row 2 (100-130) and the start of row 3 (130-200).
    expect(windowRange(mixed, 110, 150, 0)).toEqual({ start: 2, end: 4, before: 100, after: 100 });
  });

  it("hold the row with the keyboard's focus and three after it, but let one far away go", () => {
    const range = windowRange(offsets, 0, 500, 0);
    expect(range).toMatchObject({ start: 0, end: 10 });
    expect(withFocused(range, offsets, 9, 3)).toMatchObject({ start: 0, end: 13, after: (4_000 - 13) * 50 });
    expect(withFocused(range, offsets, 2_000, 3)).toBe(range);
    expect(withFocused(range, offsets, undefined, 3)).toBe(range);
  });
});

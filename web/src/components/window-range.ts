/**
 * Which rows of a long list are in the DOM (./windowed-list.tsx): those in view and some either
 * side; the rest are stood in for by the list's padding, so its height and scroll stay as if every
 * row were there. Plain arithmetic, tested alone.
 */

/** Where each row starts: `offsets[i]` is the sum of the slots (height and gap) of the rows before
 *  row i; `offsets[count]` is the whole list. */
export function rowOffsets(count: number, slot: (index: number) => number): number[] {
  const offsets = new Array<number>(count + 1);
  offsets[0] = 0;
  for (let index = 0; index < count; index++) offsets[index + 1] = offsets[index]! + slot(index);
  return offsets;
}

export interface WindowRange {
  /** The first row rendered. */
  start: number;
  /** One past the last row rendered. */
  end: number;
  /** The height the rows above `start` would take: the list's top padding. */
  before: number;
  /** The height the rows from `end` on would take: its bottom padding. */
  after: number;
}

/** The rows that overlap [top - margin, bottom + margin] (px from the list's top). */
export function windowRange(offsets: readonly number[], top: number, bottom: number, margin: number): WindowRange {
  const count = offsets.length - 1;
  const from = top - margin;
  const to = bottom + margin;
  let start = 0;
  // Binary search: the first row that ends below `from`.
  let high = count;
  while (start < high) {
    const middle = (start + high) >> 1;
    if (offsets[middle + 1]! <= from) start = middle + 1;
    else high = middle;
  }
  let end = start;
  while (end < count && offsets[end]! < to) end++;
  return { start, end, before: offsets[start]!, after: offsets[count]! - offsets[end]! };
}

/** The range that also holds row `index` (one with the keyboard's focus) and `ahead` rows after it,
 *  so that Tab and Shift+Tab always find the next row in the DOM; a row too far away is let go. */
export function withFocused(range: WindowRange, offsets: readonly number[], index: number | undefined, ahead: number): WindowRange {
  const count = offsets.length - 1;
  if (index === undefined || index < range.start - ahead || index >= range.end + ahead) return range;
  const start = Math.max(0, Math.min(range.start, index - ahead));
  const end = Math.min(count, Math.max(range.end, index + ahead + 1));
  return { start, end, before: offsets[start]!, after: offsets[count]! - offsets[end]! };
}

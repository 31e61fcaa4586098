/**
 * A list of any length with a bounded DOM: only the rows in view and half a screen either side are
 * rendered, and the list's padding stands for the others (./window-range.ts), so the page's height
 * and scroll bar are as if every row were there. Rows may differ in height (a line or two at 360
 * px, one on a desktop): each is measured once rendered, and an unmeasured row counts as the
 * average of those measured. When rows are measured or added above the one at the top of the view,
 * the list scrolls by as much, so what the user reads stays put.
 *
 * Hand-written rather than @tanstack/react-virtual: that is 10 kB gzip (3.14 with its core), this is
 * about 1.5 kB, and a vertical list scrolled with the page or in its own box is all the app needs
 * (docs/decisions/indexer.md).
 *
 * A row's height must not depend on its place among the rows rendered (no :first-child or
 * :last-child rule that changes it): the window changes which row is first or last, a measure
 * would change with it, and the window with the measure.
 *
 * Accessible as a list: an <ol> of <li>, each saying its place in the whole (`aria-posinset` and
 * `aria-setsize`: "57 of 4,000"). The page scrolls by keyboard as ever; a list in its own box is
 * in a focusable region named for it, so arrows and Page Down scroll it. The row with the keyboard's focus and
 * the few after it stay rendered, so Tab walks the rows one by one however far.
 */
import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, useState, type FocusEvent, type ReactNode } from "react";

import { rowOffsets, windowRange, withFocused } from "./window-range";

/** What a row's <li> spreads: its place in the whole list. */
export interface RowPlace {
  "aria-posinset": number;
  "aria-setsize": number;
}

export interface WindowedListProps<T> {
  items: readonly T[];
  /** A row's stable key (a module-level function: the layout is worked out again when it changes). */
  itemKey: (item: T) => string;
  /** A row as an <li> that spreads `place`. */
  renderItem: (item: T, place: RowPlace) => ReactNode;
  /** A row's height with its gap (px) until one is measured. */
  estimate: number;
  /** The <ol>'s class. */
  className?: string;
  /** Scrolls in a box of its own: a region named `label`, of class `className` (its height). With the page when absent. */
  box?: { label: string; className?: string };
  /** Called when the user scrolls to the end of the rows loaded. */
  onEnd?: () => void;
}

/** How far beyond the view rows are rendered, in views. */
const MARGIN = 0.5;
/** Rows kept rendered after (and before) the one with the keyboard's focus. */
const FOCUS_AHEAD = 3;
/** Layouts a frame that may change what is measured or in view: a list that will not settle (a
 *  row styled by its place) goes on next frame instead of exceeding React's update depth. */
const PASSES_PER_FRAME = 10;

/** The part of the list in view, in px from its top. */
interface View {
  top: number;
  bottom: number;
}

/** The view of the list in its box, or in the window: a box not laid out (yet, or in jsdom) has no
 *  height, and a screen's worth of rows stands in. */
function readView(list: HTMLElement, box: HTMLElement | null): View {
  const top = (box ? box.getBoundingClientRect().top : 0) - list.getBoundingClientRect().top;
  return { top, bottom: top + ((box ? box.clientHeight : 0) || window.innerHeight) };
}

function scrollBy(box: HTMLElement | null, delta: number): void {
  if (box) box.scrollTop += delta;
  else window.scrollBy(0, delta);
}

export function WindowedList<T>({ items, itemKey, renderItem, estimate, className, box, onEnd }: WindowedListProps<T>) {
  const list = useRef<HTMLOListElement>(null);
  // The box the list scrolls in, when it has one. Not the <ol> itself: its padding, which stands
  // for the rows not rendered, would add to any height it is given.
  const scroller = useRef<HTMLDivElement>(null);
  // Each row's slot (height and gap), by key, once it was rendered.
  const [sizes, setSizes] = useState<ReadonlyMap<string, number>>(() => new Map());
  const [view, setView] = useState<View>(() => ({ top: 0, bottom: window.innerHeight }));
  const [focused, setFocused] = useState<number>();

  const offsets = useMemo(() => {
    let measured = 0;
    for (const size of sizes.values()) measured += size;
    const average = sizes.size > 0 ? measured / sizes.size : estimate;
    return rowOffsets(items.length, (index) => sizes.get(itemKey(items[index]!)) ?? average);
  }, [items, itemKey, sizes, estimate]);
  const range = withFocused(windowRange(offsets, view.top, view.bottom, (view.bottom - view.top) * MARGIN), offsets, focused, FOCUS_AHEAD);

  // The row at the top of the view and where it starts: kept in place when the rows above it change.
  const anchor = useRef<{ key: string; index: number; offset: number } | null>(null);
  // What the scroll handler needs of the last render.
  const latest = useRef({ items, offsets, itemKey, onEnd });

  /** Reads where the view is, remembers its top row, and says when the end of the rows comes into view. */
  const settle = useRef((byUser: boolean) => {
    const element = list.current;
    if (!element) return;
    const now = readView(element, scroller.current);
    const { items: rows, offsets: starts, itemKey: keyOf, onEnd: atEnd } = latest.current;
    setView((old) => (Math.abs(old.top - now.top) < 1 && Math.abs(old.bottom - now.bottom) < 1 ? old : now));
    let top: number | undefined;
    if (now.top > 0) for (let index = 0; index < rows.length && top === undefined; index++) if (starts[index + 1]! > now.top) top = index;
    anchor.current = top === undefined ? null : { key: keyOf(rows[top]!), index: top, offset: starts[top]! };
    if (byUser && atEnd && rows.length > 0 && now.bottom >= starts[rows.length]! - (now.bottom - now.top) * MARGIN) atEnd();
  });

  const passes = useRef(0);
  useLayoutEffect(() => {
    latest.current = { items, offsets, itemKey, onEnd };
    const element = list.current;
    if (!element) return;
    if (passes.current === 0)
      requestAnimationFrame(() => {
        passes.current = 0;
        settle.current(false);
      });
    if (++passes.current > PASSES_PER_FRAME) return;
    // Rows added or measured above the top row: scroll by as much, so it stays where it was.
    const held = anchor.current;
    if (held) {
      const index = items[held.index] !== undefined && itemKey(items[held.index]!) === held.key ? held.index : items.findIndex((item) => itemKey(item) === held.key);
      const delta = index >= 0 ? offsets[index]! - held.offset : 0;
      if (Math.abs(delta) >= 1) scrollBy(scroller.current, delta);
    }
    // Measure the rows rendered; one not laid out (jsdom, a hidden box) keeps its estimate.
    const gap = parseFloat(getComputedStyle(element).rowGap) || 0;
    const changes = new Map<string, number>();
    Array.from(element.children).forEach((child, k) => {
      const item = items[range.start + k];
      const height = child.getBoundingClientRect().height;
      if (item === undefined || height <= 0) return;
      const key = itemKey(item);
      if (Math.abs((sizes.get(key) ?? -1) - (height + gap)) >= 0.5) changes.set(key, height + gap);
    });
    if (changes.size > 0) setSizes((old) => new Map([...old, ...changes]));
    settle.current(false);
  }, [items, offsets, itemKey, onEnd, range.start, range.end, sizes]);

  useEffect(() => {
    const element = list.current;
    if (!element) return;
    let frame = 0;
    const onScroll = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        settle.current(true);
      });
    };
    // Any scroller (the page, the list's box): a capturing listener hears them all.
    window.addEventListener("scroll", onScroll, { capture: true, passive: true });
    window.addEventListener("resize", onScroll);
    // A new width wraps rows anew: measure them again. Content above moving the list: read the view.
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth !== width) {
        width = element.clientWidth;
        setSizes(new Map());
      }
      settle.current(false);
    });
    observer.observe(element);
    observer.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll, { capture: true });
      window.removeEventListener("resize", onScroll);
      observer.disconnect();
    };
  }, []);

  /** The row that holds the focus (a link in it), by its place among the rows rendered. */
  const onFocus = (event: FocusEvent<HTMLOListElement>) => {
    let row: Element | null = event.target;
    while (row && row.parentElement !== event.currentTarget) row = row.parentElement;
    const k = row ? Array.prototype.indexOf.call(event.currentTarget.children, row) : -1;
    setFocused(k >= 0 ? range.start + k : undefined);
  };
  const onBlur = (event: FocusEvent<HTMLOListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(undefined);
  };

  const rows = (
    <ol ref={list} className={className} style={{ paddingTop: range.before, paddingBottom: range.after }} onFocus={onFocus} onBlur={onBlur}>
      {items.slice(range.start, range.end).map((item, k) => (
        <Fragment key={itemKey(item)}>{renderItem(item, { "aria-posinset": range.start + k + 1, "aria-setsize": items.length })}</Fragment>
      ))}
    </ol>
  );
  if (!box) return rows;
  return (
    // Focusable, so that the arrows and Page Down scroll it; named, so that it says what it holds.
    <div ref={scroller} className={box.className} role="region" aria-label={box.label} tabIndex={0}>
      {rows}
    </div>
  );
}

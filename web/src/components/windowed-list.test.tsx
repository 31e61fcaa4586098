import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { WindowedList, type RowPlace } from "./windowed-list";

/** jsdom lays nothing out: each row is 50 px high, and the list's top is where `listTop` says
 *  (negative once the page is scrolled past it); the window is jsdom's 768 px. */
let listTop = 0;
const ROW = 50;
beforeEach(() => {
  listTop = 0;
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
    const height = this.tagName === "LI" ? ROW : 0;
    const top = this.tagName === "OL" ? listTop : 0;
    return { top, height, bottom: top + height, left: 0, right: 0, width: 0, x: 0, y: top, toJSON: () => ({}) };
  });
});

interface Row {
  id: string;
  text: string;
}
const rows = (count: number, from = 0): Row[] => Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, text: `Row ${from + i}` }));
const keyOf = (row: Row) => row.id;
const renderRow = (row: Row, place: RowPlace) => (
  <li {...place}>
    {row.text} <button type="button">Open {row.text}</button>
  </li>
);

function List({ items, onEnd, box }: { items: Row[]; onEnd?: () => void; box?: { label: string } }) {
  return <WindowedList items={items} itemKey={keyOf} renderItem={renderRow} estimate={ROW} onEnd={onEnd} box={box} />;
}

const rendered = () => screen.getAllByRole("listitem");
const places = () => rendered().map((item) => Number(item.getAttribute("aria-posinset")));

/** Scrolls the page so that the list's top is `top` px above the window's. */
async function scrollTo(top: number) {
  listTop = -top;
  fireEvent.scroll(window);
  // The window follows on the next frame.
  await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
}

describe("a windowed list", () => {
  it("renders the rows in view and half a screen more of 4,000, each saying its place in the whole, the rest as padding", () => {
    render(<List items={rows(4_000)} />);
    // 768 px and 384 below: 23 rows of 50 px.
    expect(places()).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(rendered()[0]).toHaveAttribute("aria-setsize", "4000");
    expect(screen.getByRole("list").style.paddingBottom).toBe(`${(4_000 - 24) * ROW}px`);
  });

  it("follows the page's scroll, its DOM the same size wherever it is", async () => {
    render(<List items={rows(4_000)} />);
    await scrollTo(100_000);
    await waitFor(() => expect(places()[0]).toBeGreaterThan(1_900));
    // Row 2,001 starts at 100,000 px: it and those around it are there, and no more than before.
    expect(places()).toContain(2_001);
    expect(rendered().length).toBeLessThanOrEqual(40);
    expect(screen.getByRole("list").style.paddingTop).toBe(`${(places()[0]! - 1) * ROW}px`);
    await scrollTo(199_500);
    await waitFor(() => expect(places().at(-1)).toBe(4_000));
    expect(rendered().length).toBeLessThanOrEqual(40);
  });

  it("asks for more when the user scrolls to the end of the rows loaded, not before", async () => {
    const onEnd = vi.fn();
    render(<List items={rows(100)} onEnd={onEnd} />);
    await scrollTo(2_000);
    expect(onEnd).not.toHaveBeenCalled();
    await scrollTo(100 * ROW - 700);
    await waitFor(() => expect(onEnd).toHaveBeenCalled());
  });

  it("keeps the row with the focus and the next three rendered, so Tab goes on from row to row", async () => {
    render(<List items={rows(4_000)} />);
    const last = rendered().at(-1)!;
    expect(last).toHaveAttribute("aria-posinset", "24");
    fireEvent.focus(within(last).getByRole("button"));
    await waitFor(() => expect(places().at(-1)).toBe(27));
  });

  it("keeps the row at the top of the view where it was when new rows come above it", async () => {
    const scrollBy = vi.spyOn(window, "scrollBy").mockImplementation(() => undefined);
    const { rerender } = render(<List items={rows(4_000, 10)} />);
    await scrollTo(5_000);
    await waitFor(() => expect(places()).toContain(101));
    rerender(<List items={[...rows(10), ...rows(4_000, 10)]} />);
    await waitFor(() => expect(scrollBy).toHaveBeenCalledWith(0, 10 * ROW));
  });

  it("survives a row whose height changes with its place among those rendered (a :last-child rule), rendering on", async () => {
    vi.mocked(HTMLElement.prototype.getBoundingClientRect).mockImplementation(function (this: HTMLElement) {
      // The last row in the DOM is shorter: measured, it lets one more row in, which makes it longer
      // again (rows 0-20 of 56 px end at 1,176 px, past the 1,152 rendered; a short row 20 ends before).
      const height = this.tagName === "LI" ? (this.nextElementSibling ? 56 : 21) : 0;
      const top = this.tagName === "OL" ? listTop : 0;
      return { top, height, bottom: top + height, left: 0, right: 0, width: 0, x: 0, y: top, toJSON: () => ({}) };
    });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(<List items={rows(4_000)} />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(errors).not.toHaveBeenCalled();
    expect(rendered().length).toBeGreaterThan(10);
    expect(rendered().length).toBeLessThanOrEqual(40);
  });

  it("in a box of its own, is in a region named for it and focusable, so the keyboard scrolls it, and follows the box's scroll", async () => {
    render(<List items={rows(4_000)} box={{ label: "Fills of order #3" }} />);
    const region = screen.getByRole("region", { name: "Fills of order #3" });
    expect(region).toHaveAttribute("tabindex", "0");
    expect(within(region).getByRole("list")).toBe(screen.getByRole("list"));
    expect(rendered().length).toBeLessThanOrEqual(40);
    // The box scrolled 100,000 px: the list's top is that far above the box's.
    await scrollTo(100_000);
    await waitFor(() => expect(places()).toContain(2_001));
    expect(rendered().length).toBeLessThanOrEqual(40);
  });
});

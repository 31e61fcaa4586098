/**
 * A ref that holds `value` as of the last committed render: for code that runs after an await
 * (a press that waited for figures, a question to the chain) and must see what is on screen now,
 * not what its closure saw. Updated in a layout effect, so that a click never reads the render
 * before.
 */
import { useLayoutEffect, useRef, type RefObject } from "react";

export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}

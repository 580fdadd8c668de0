import { useContext, useRef, useState, type UIEvent } from 'react';
import { JsonVisibleRows } from './JsonVisibleRows';
/** Rows rendered beyond each edge, so a quick scroll does not flash blank lines. */
const OVERSCAN = 8;

/**
 * Windowing for the JSON views: a box of fixed height over `count` rows of `rowHeight` pixels,
 * of which only [first, last) are rendered. Hundreds of thousands of rows then scroll as
 * smoothly as twenty.
 */
export function useJsonWindow(count: number, rowHeight: number) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const visibleRows = useContext(JsonVisibleRows);
  const height = Math.max(1, Math.min(count, visibleRows)) * rowHeight;
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);

  /** Scrolls just enough to show the row at `index`. */
  const reveal = (index: number) => {
    const top = index * rowHeight;
    let next = scrollTop;
    if (top < scrollTop) next = top;
    else if (top + rowHeight > scrollTop + height) next = top + rowHeight - height;
    if (next === scrollTop) return;
    if (box.current) box.current.scrollTop = next;
    setScrollTop(next);
  };

  const onScroll = (event: UIEvent<HTMLElement>) => setScrollTop(event.currentTarget.scrollTop);

  return { box, height, first, last, reveal, onScroll };
}

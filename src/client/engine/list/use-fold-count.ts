import { useLayoutEffect, useRef, useState } from 'react';

/** The gap between toolbar buttons (theme spacing 1). */
export const TOOLBAR_GAP = 8;

/**
 * How many buttons of these widths fit side by side in `room`: all of them, or the first
 * ones that fit beside the 更多 button (`more` wide) that takes the rest.
 */
export function fittingCount(input: { widths: number[]; more: number; room: number }): number {
  const { widths, more, room } = input;
  const all = widths.reduce((sum, w) => sum + w, 0) + TOOLBAR_GAP * Math.max(0, widths.length - 1);
  if (all <= room) return widths.length;
  let used = more;
  for (const [index, width] of widths.entries()) {
    if (used + TOOLBAR_GAP + width > room) return index;
    used += TOOLBAR_GAP + width;
  }
  return widths.length;
}

/**
 * Measures the toolbar's room (`rowRef`, a box as wide as the toolbar may be) and its buttons
 * as drawn (`measureRef`: an invisible copy of every button, then the 更多 button), again
 * whenever either changes size (window, language), and answers how many buttons show.
 */
export function useFoldCount(itemsKey: string) {
  const rowRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(Number.POSITIVE_INFINITY);
  useLayoutEffect(() => {
    const row = rowRef.current;
    const measure = measureRef.current;
    if (!row || !measure) return undefined;
    const update = () => {
      const widths = [...measure.children].map((button) => button.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      setShown(fittingCount({ widths, more, room: row.getBoundingClientRect().width }));
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(row);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [itemsKey]);
  return { rowRef, measureRef, shown };
}

import { useLayoutEffect, useRef, useState } from 'react';

let measuringContext: CanvasRenderingContext2D | null | undefined;

/** The drawn width of `text` in the input's own font (a canvas measures it; no layout pass). */
function textWidth(text: string, input: HTMLInputElement): number {
  measuringContext ??= document.createElement('canvas').getContext('2d');
  if (!measuringContext) return 0;
  measuringContext.font = getComputedStyle(input).font;
  return measuringContext.measureText(text).width;
}

/**
 * The width a search input needs so that `text` (its placeholder) shows whole: `minWidth`
 * or wider. English placeholders ("Please enter Parameter name") are about twice the
 * Chinese ones, so one fixed width either cuts them or wastes the Chinese toolbar's room.
 */
export function useFittingWidth(text: string, minWidth: number): { inputRef: React.RefObject<HTMLInputElement | null>; width: number } {
  const inputRef = useRef<HTMLInputElement>(null);
  const [width, setWidth] = useState(minWidth);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return undefined;
    let live = true;
    const measure = () => {
      if (!live) return;
      const style = getComputedStyle(input);
      const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
      // The input sits inside the outline's own padding and borders.
      const frame = input.parentElement ? input.parentElement.getBoundingClientRect().width - input.getBoundingClientRect().width : 0;
      setWidth(Math.max(minWidth, Math.ceil(textWidth(text, input) + padding + frame + 2)));
    };
    measure();
    // A web font that arrives later draws wider or narrower than the fallback measured first.
    void document.fonts?.ready.then(measure);
    return () => { live = false; };
  }, [text, minWidth]);
  return { inputRef, width };
}

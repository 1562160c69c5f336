let painted: Promise<void> | undefined;

/**
 * Settles once the first screen has been painted: code that screen does not show (the
 * tooltip, the toasts) is fetched after it instead of beside it. A requestAnimationFrame
 * callback runs before a frame's paint, a task it queues after that paint; a hidden tab
 * gets no frames, hence the timeout.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise((resolve) => {
    const fallback = setTimeout(resolve, 1000);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
  return painted;
}

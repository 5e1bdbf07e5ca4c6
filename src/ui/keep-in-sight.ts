import { useEffect } from 'react';

/**
 * Keeps the element with this id in sight within its scrolling list (the highlighted option of a
 * list box as Down and Up move past its edge). Scrolled in the next frame, when the browser lays
 * the page out anyway, rather than by forcing a layout of its own in the middle of a render.
 */
export function useKeptInSight(elementId: string | undefined): void {
  useEffect(() => {
    if (elementId === undefined) return undefined;
    const frame = requestAnimationFrame(() => document.getElementById(elementId)?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [elementId]);
}

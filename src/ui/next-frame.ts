import { startTransition, useEffect, useState } from 'react';

/**
 * False while what `on` turned on is drawn for the first time, true from the next frame on (false
 * again once it is off). A long list draws its first rows in one frame and the rest in the next,
 * rendered in the background: neither frame is one long task on a slow phone.
 */
export function useFromNextFrame(on: boolean): boolean {
  const [next, setNext] = useState(false);
  // Off again: forgotten in the same render (the next opening starts from its first rows).
  if (!on && next) setNext(false);
  useEffect(() => {
    if (!on || next) return undefined;
    // The frame's callbacks run before it is drawn: the rest is rendered after it.
    const frame = requestAnimationFrame(() => startTransition(() => setNext(true)));
    return () => cancelAnimationFrame(frame);
  }, [on, next]);
  return next;
}

import { useEffect, useRef, type RefObject } from 'react';

/** Focus has nowhere meaningful: the page's body, nothing, or a control that was just disabled. */
export function isFocusLost(doc: Document = document): boolean {
  const active = doc.activeElement;
  return active === null || active === doc.body || (active instanceof HTMLElement && active.matches(':disabled'));
}

function focusIfLost(target: RefObject<HTMLElement | null>) {
  const element = target.current;
  if (element?.isConnected && isFocusLost(element.ownerDocument)) element.focus();
}

/**
 * WCAG 2.4.3: when something the shopper was on goes away by itself (a dialog the page opened
 * closes, a button is replaced by what it did), focus goes to `target` instead of falling to the
 * page's body, from where the next Tab starts again at the top of the page.
 *
 * Runs as `gone` turns true, and once more on the next frame: a dialog library restores focus to
 * the control that opened it one frame after it closes, and that control may have gone meanwhile.
 */
export function useFocusWhenGone(gone: boolean, target: RefObject<HTMLElement | null>) {
  const before = useRef(gone);
  useEffect(() => {
    const turned = gone && !before.current;
    before.current = gone;
    if (!turned) return undefined;
    focusIfLost(target);
    const frame = requestAnimationFrame(() => focusIfLost(target));
    return () => cancelAnimationFrame(frame);
  }, [gone, target]);
}

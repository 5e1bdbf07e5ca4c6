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

/** How many frames a restore keeps watching (about 5 s at 60 frames a second). */
const RESTORE_FRAMES = 300;

/**
 * WCAG 2.4.3: when something the shopper was on goes away by itself (a dialog the page opened
 * closes, a button is replaced by what it did), focus goes to `target` instead of falling to the
 * page's body, from where the next Tab starts again at the top of the page.
 *
 * Runs as `gone` turns true, then on each frame until the shopper presses a key or a pointer, or
 * about 5 s have passed: a closing dialog may stay on the page for its exit and drop focus only
 * when it is removed, its library restores focus a frame later to a control that may have gone
 * meanwhile (under load in CI, focus stayed on the body after the branch chooser's Confirm while
 * nothing else put it back), and a busy page may draw the target again frames later, even after
 * focus was on it. It never takes focus from a control it is on; it only picks focus up from the
 * page's body. `gone` must really turn: a selector answering undefined where null was meant keeps
 * it false for ever.
 */
export function useFocusWhenGone(gone: boolean, target: RefObject<HTMLElement | null>) {
  const before = useRef(gone);
  useEffect(() => {
    const turned = gone && !before.current;
    before.current = gone;
    if (!turned) return undefined;
    let frames = 0;
    let frame = 0;
    const doc = target.current?.ownerDocument ?? document;
    const stop = () => {
      cancelAnimationFrame(frame);
      doc.removeEventListener('keydown', stop, true);
      doc.removeEventListener('pointerdown', stop, true);
    };
    const check = () => {
      focusIfLost(target);
      frames += 1;
      if (frames >= RESTORE_FRAMES) stop();
      else frame = requestAnimationFrame(check);
    };
    doc.addEventListener('keydown', stop, true);
    doc.addEventListener('pointerdown', stop, true);
    check();
    return stop;
  }, [gone, target]);
}

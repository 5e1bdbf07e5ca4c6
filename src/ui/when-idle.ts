/**
 * Runs `work` once the page is drawn and the browser is idle (or a moment after, where it cannot
 * say); returns what cancels it. Code a page may need soon but not for its first paint is fetched
 * this way: a dialog's (src/ui/modal.tsx), the branch finder's place search (decision 065).
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 2_000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}

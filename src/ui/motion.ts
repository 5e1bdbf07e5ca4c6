/**
 * Motion the shopper asked for (WCAG 2.3.3): a scroll the page makes by itself jumps instead of
 * gliding when the system asks for reduced motion. CSS animations follow the same media query
 * (global.css and each module's `prefers-reduced-motion` block).
 */
export function scrollBehaviour(): ScrollBehavior {
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduce ? 'auto' : 'smooth';
}

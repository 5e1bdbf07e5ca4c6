/** Apart from ./more-time.tsx: the header cart on every page announces; the offer loads with the pages that show it. */
/**
 * The polite live region of the cart's time: always in the page, so a screen reader hears the
 * warning as the countdown enters its last 5 minutes and the outcome of asking for more, and
 * nothing with each second.
 */
export function MoreTimeAnnouncer({ text }: { text: string }) {
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="more-time-announcer">
      {text}
    </p>
  );
}

/** Stands in for the rate chart page until its screen lands; see src/app/router.tsx. */
export function ChartPlaceholder({ slug, inverted }: { slug: string; inverted: boolean }) {
  const name = slug.toUpperCase();
  return <h1>{inverted ? `${name} to GBP` : `GBP to ${name}`}</h1>;
}

import { messages } from '#domain/messages.ts';

/** Stands in for the branch finder page until its screen lands; see src/app/router.tsx. */
export function BranchFinderPlaceholder() {
  return <h1>{messages.navBranches}</h1>;
}

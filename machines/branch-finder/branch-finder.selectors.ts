/**
 * What the branch finder's views read from its snapshot (the calculator's branch modal and the
 * branch finder page). Apart from the machine, which the calculator page starts: these load with
 * those views.
 */
import { branchPage } from '#domain/branch-search.ts';
import type { BranchFinderSnapshot } from './branch-finder.machine.ts';

/** The list's status as the branch list view names it. */
export function selectBranchListStatus(snapshot: BranchFinderSnapshot): 'idle' | 'locating' | 'loading' | 'ready' | 'error' {
  if (snapshot.hasTag('locating')) return 'locating';
  if (snapshot.hasTag('loading')) return 'loading';
  if (snapshot.hasTag('shown')) return 'ready';
  if (snapshot.hasTag('failed')) return 'error';
  return 'idle';
}

/** Whether the list of branches (a modal on the finder page) is open. */
export function selectResultsOpen(snapshot: BranchFinderSnapshot): boolean {
  return snapshot.status === 'active' && !snapshot.matches({ active: { results: 'closed' } });
}

/** The current page of stores (modal mode), with Previous and Next. */
export function selectStorePage(snapshot: BranchFinderSnapshot) {
  const { result, page } = snapshot.context;
  return branchPage(result?.kind === 'stores' ? result.stores : [], page);
}

/** The current page of branches (page mode), with Previous and Next. */
export function selectBranchPage(snapshot: BranchFinderSnapshot) {
  const { result, page } = snapshot.context;
  return branchPage(result?.kind === 'branches' ? result.branches : [], page);
}

/** The finder page's filter: branches with step-free access only. */
export function selectStepFreeOnly(snapshot: BranchFinderSnapshot): boolean {
  return snapshot.context.stepFreeOnly;
}

/**
 * Named selector hooks over a branch finder actor (the selection modal's or the finder page's):
 * plain values only; the chart pages the results and decides what Confirm can do.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Branch, Place, Store } from '#domain/contract/branches.ts';
import type { BranchFinderMachine } from '#machines/branch-finder/branch-finder.machine.ts';
import {
  selectBranchListStatus,
  selectBranchPage,
  selectResultsOpen,
  selectStepFreeOnly,
  selectStorePage,
} from '#machines/branch-finder/branch-finder.selectors.ts';

export type BranchFinderRef = ActorRefFrom<BranchFinderMachine>;

interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

const samePage = <T>(a: Page<T>, b: Page<T>) =>
  a.page === b.page &&
  a.pageCount === b.pageCount &&
  a.hasNext === b.hasNext &&
  a.hasPrevious === b.hasPrevious &&
  a.items.length === b.items.length &&
  a.items.every((item, i) => item === b.items[i]);

export function useBranchListStatus(finder: BranchFinderRef) {
  return useSelector(finder, selectBranchListStatus);
}

export function useResultsOpen(finder: BranchFinderRef): boolean {
  return useSelector(finder, selectResultsOpen);
}

export function useStorePage(finder: BranchFinderRef): Page<Store> {
  return useSelector(finder, selectStorePage, samePage);
}

export function useBranchPage(finder: BranchFinderRef): Page<{ branch: Branch; distanceInMiles: number }> {
  return useSelector(finder, selectBranchPage, samePage);
}

/** The finder page's filter: branches with step-free access only. */
export function useStepFreeOnly(finder: BranchFinderRef): boolean {
  return useSelector(finder, selectStepFreeOnly);
}

export function useFinderError(finder: BranchFinderRef): string | null {
  return useSelector(finder, (s) => s.context.error);
}

export function usePlaceQuery(finder: BranchFinderRef): string {
  return useSelector(finder, (s) => s.context.query);
}

export function usePlaceSuggestions(finder: BranchFinderRef): Place[] {
  return useSelector(finder, (s) => s.context.places);
}

export function useSuggesting(finder: BranchFinderRef): boolean {
  return useSelector(finder, (s) => s.hasTag('suggesting'));
}

/** The ids of the stores on this page the chart would confirm now, space-separated. */
export function useConfirmableStores(finder: BranchFinderRef): string {
  return useSelector(finder, (s) =>
    selectStorePage(s)
      .items.filter((store) => s.can({ type: 'branch.confirmed', storeId: store.id }))
      .map((store) => store.id)
      .join(' '),
  );
}

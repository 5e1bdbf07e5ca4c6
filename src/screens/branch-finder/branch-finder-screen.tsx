import { finderCard } from '#src/screens/branch-modal/branch-card.ts';
import {
  useBranchListStatus,
  useBranchPage,
  useFinderError,
  useResultsOpen,
  type BranchFinderRef,
} from '#src/screens/branch-modal/use-branch-finder.ts';
import { BranchFinderView } from './branch-finder-view.tsx';
import { FinderPlaceSearch } from './finder-place-search.tsx';

/** The branch finder page over its actor (page mode). */
export function BranchFinder({ finder }: { finder: BranchFinderRef }) {
  const status = useBranchListStatus(finder);
  const page = useBranchPage(finder);
  const error = useFinderError(finder);
  const open = useResultsOpen(finder);
  return (
    <BranchFinderView
      status={status}
      branches={page.items.map((item) => finderCard(item.branch, item.distanceInMiles))}
      error={error}
      pager={{
        ...page,
        onPrevious: () => finder.send({ type: 'page.previous' }),
        onNext: () => finder.send({ type: 'page.next' }),
      }}
      resultsOpen={open}
      onCloseResults={() => finder.send({ type: 'finder.closed' })}
      onFindNearMe={() => finder.send({ type: 'location.requested' })}
      search={
        <FinderPlaceSearch finder={finder} />
      }
    />
  );
}

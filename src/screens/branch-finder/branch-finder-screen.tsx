import { finderCard } from '#src/screens/branch-modal/branch-card.ts';
import {
  useBranchListStatus,
  useBranchPage,
  useFinderError,
  useResultsOpen,
  useStepFreeOnly,
  type BranchFinderRef,
} from '#src/screens/branch-modal/use-branch-finder.ts';
import { BranchFinderView } from './branch-finder-view.tsx';
import { PagePlaceSearch } from './page-place-search.tsx';

/** The branch finder page over its actor (page mode); `now` (for today's ready time) unless a story or test fixes it. */
export function BranchFinder({ finder, now = new Date() }: { finder: BranchFinderRef; now?: Date }) {
  const status = useBranchListStatus(finder);
  const stepFreeOnly = useStepFreeOnly(finder);
  const page = useBranchPage(finder);
  const error = useFinderError(finder);
  const open = useResultsOpen(finder);
  return (
    <BranchFinderView
      status={status}
      branches={page.items.map((item) => finderCard(item.branch, item.distanceInMiles, now))}
      error={error}
      pager={{
        ...page,
        onPrevious: () => finder.send({ type: 'page.previous' }),
        onNext: () => finder.send({ type: 'page.next' }),
      }}
      resultsOpen={open}
      onCloseResults={() => finder.send({ type: 'finder.closed' })}
      onFindNearMe={() => finder.send({ type: 'location.requested' })}
      stepFreeOnly={stepFreeOnly}
      onStepFreeOnlyChange={(on) => finder.send({ type: 'filter.stepFreeChanged', stepFreeOnly: on })}
      search={<PagePlaceSearch finder={finder} />}
    />
  );
}

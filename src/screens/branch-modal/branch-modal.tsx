import { FinderPlaceSearch } from '#src/screens/branch-finder/finder-place-search.tsx';
import { storeCard } from './branch-card.ts';
import { BranchModalView } from './branch-modal-view.tsx';
import {
  useBranchListStatus,
  useConfirmableStores,
  useFinderError,
  useStorePage,
  type BranchFinderRef,
} from './use-branch-finder.ts';

export interface BranchModalProps {
  /** The calculator's branch finder child, while the modal is open. */
  finder: BranchFinderRef;
  /** The clock for 'today' and 'tomorrow'; now unless a story or test fixes it. */
  now?: Date;
}

/** The branch selection modal (spec 2.2) over the branch finder actor in modal mode. */
export function BranchModal({ finder, now = new Date() }: BranchModalProps) {
  const status = useBranchListStatus(finder);
  const page = useStorePage(finder);
  const error = useFinderError(finder);
  const confirmable = useConfirmableStores(finder).split(' ');
  const cards = page.items.map((store) => storeCard(store, now));
  return (
    <BranchModalView
      isOpen
      onClose={() => finder.send({ type: 'finder.closed' })}
      status={status}
      branches={cards}
      error={error}
      pager={{
        ...page,
        onPrevious: () => finder.send({ type: 'page.previous' }),
        onNext: () => finder.send({ type: 'page.next' }),
      }}
      search={
        <FinderPlaceSearch finder={finder} focusOnMount />
      }
      onUseMyLocation={() => finder.send({ type: 'location.requested' })}
      canConfirm={(branch) => confirmable.includes(String(branch.id))}
      onConfirm={(storeId) => finder.send({ type: 'branch.confirmed', storeId })}
    />
  );
}

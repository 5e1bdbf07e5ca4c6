import type { ReactNode } from 'react';
import { formatMessage, messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { Skeleton } from '#src/ui/skeleton.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import type { BranchCardView } from './branch-card.ts';
import { BranchCard } from './branch-card-view.tsx';
import styles from './branch-modal.module.css';

export type BranchListStatus = 'idle' | 'locating' | 'loading' | 'ready' | 'error';

export interface BranchPager {
  /** 0-based. */
  page: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}

export interface BranchListProps {
  status: BranchListStatus;
  /** The current page of branches (5 a page). */
  branches: readonly BranchCardView[];
  pager: BranchPager;
  /** A failure in the spec's words, or the server's message. */
  error: string | null;
  renderAction: (branch: BranchCardView) => ReactNode;
  selectedId?: number | null;
  /** What an empty list says: 'No branches found near this location' unless given. */
  emptyText?: string;
}

/** A page of branches with Previous and Next; shared by the selection modal and the branch finder. */
export function BranchList({ status, branches, pager, error, renderAction, selectedId = null, emptyText = messages.noBranchesNearby }: BranchListProps) {
  if (status === 'locating' || status === 'loading') {
    return (
      <div className={styles.loading} aria-busy="true">
        <Spinner label={status === 'locating' ? messages.findingLocation : messages.findingBranches} showLabel />
        <Skeleton lines={4} />
      </div>
    );
  }
  if (status === 'error') {
    return <Notice tone="error">{error ?? messages.somethingWentWrong}</Notice>;
  }
  if (status === 'idle') return null;
  if (branches.length === 0) {
    return <p className={styles.none}>{emptyText}</p>;
  }
  return (
    <>
      <ul className={styles.list}>
        {branches.map((branch) => (
          <BranchCard key={branch.id} branch={branch} action={renderAction(branch)} selected={branch.id === selectedId} />
        ))}
      </ul>
      {pager.pageCount > 1 ? (
        <nav className={styles.pager} aria-label={formatMessage(messages.pageOf, { page: pager.page + 1, pageCount: pager.pageCount })}>
          <Button variant="secondary" onClick={pager.onPrevious} disabled={!pager.hasPrevious}>
            {messages.previous}
          </Button>
          <span className={styles.pageOf} aria-live="polite">
            {formatMessage(messages.pageOf, { page: pager.page + 1, pageCount: pager.pageCount })}
          </span>
          <Button variant="secondary" onClick={pager.onNext} disabled={!pager.hasNext}>
            {messages.next}
          </Button>
        </nav>
      ) : null}
    </>
  );
}

export interface BranchModalViewProps extends Omit<BranchListProps, 'renderAction'> {
  isOpen: boolean;
  onClose: () => void;
  /** The place search combobox. */
  search: ReactNode;
  onUseMyLocation: () => void;
  /** A branch can be confirmed (not closed, and the chart allows it now). */
  canConfirm: (branch: BranchCardView) => boolean;
  onConfirm: (branchId: number) => void;
  /** The branch being confirmed, while its quote loads. */
  confirmingId?: number | null;
}

/** The branch selection modal (spec 2.2): Escape and the close control dismiss it; focus stays inside. */
export function BranchModalView(props: BranchModalViewProps) {
  const { isOpen, onClose, search, onUseMyLocation, canConfirm, onConfirm, confirmingId = null, ...list } = props;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={messages.chooseBranchTitle}
      closeLabel={messages.close}
      size="wide"
    >
      <div className={styles.search}>
        <div className={styles.searchField}>{search}</div>
        <Button variant="secondary" onClick={onUseMyLocation} loading={list.status === 'locating'} className={styles.locate}>
          {messages.useMyLocation}
        </Button>
      </div>
      <BranchList
        {...list}
        renderAction={(branch) => (
          <Button
            onClick={() => onConfirm(branch.id)}
            disabled={!canConfirm(branch)}
            loading={confirmingId === branch.id}
            aria-label={`${messages.confirm}: ${branch.name}`}
          >
            {messages.confirm}
          </Button>
        )}
      />
    </Modal>
  );
}

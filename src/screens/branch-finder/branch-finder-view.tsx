import type { ReactNode } from 'react';
import { messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Checkbox } from '#src/ui/checkbox.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { BranchList, type BranchListProps } from '#src/screens/branch-modal/branch-modal-view.tsx';
import styles from './branch-finder.module.css';

export interface BranchFinderViewProps extends Omit<BranchListProps, 'renderAction'> {
  /** The place search form. */
  search: ReactNode;
  onFindNearMe: () => void;
  /** The list of nearby branches is open (a modal). */
  resultsOpen: boolean;
  onCloseResults: () => void;
  /** 'Only branches with step-free access'. */
  stepFreeOnly: boolean;
  onStepFreeOnlyChange: (on: boolean) => void;
}

/**
 * The branch finder page (spec 2.4): a GB place search, 'Find a branch near me', a filter for
 * step-free access, nearby branches in a modal.
 */
export function BranchFinderView({ search, onFindNearMe, resultsOpen, onCloseResults, stepFreeOnly, onStepFreeOnlyChange, ...list }: BranchFinderViewProps) {
  const failed = list.status === 'error';
  return (
    <section className={styles.page} aria-labelledby="branch-finder-title">
      <h1 id="branch-finder-title">{messages.branchFinderTitle}</h1>
      <div className={styles.search}>
        <div className={styles.searchField}>{search}</div>
        <Button variant="secondary" onClick={onFindNearMe} loading={list.status === 'locating'} className={styles.nearMe}>
          {messages.findBranchNearMe}
        </Button>
        <Checkbox className={styles.filter} isSelected={stepFreeOnly} onChange={onStepFreeOnlyChange}>
          {messages.stepFreeOnlyFilter}
        </Checkbox>
      </div>
      {failed ? <Notice tone="error">{list.error ?? messages.somethingWentWrong}</Notice> : null}
      <Modal
        isOpen={resultsOpen && !failed}
        onOpenChange={(open) => {
          if (!open) onCloseResults();
        }}
        title={messages.branchesNearYou}
        closeLabel={messages.close}
        size="wide"
      >
        {stepFreeOnly && list.status === 'ready' ? <p className={styles.filterNote}>{messages.showingStepFreeOnly}</p> : null}
        <BranchList
          {...list}
          emptyText={stepFreeOnly ? messages.noStepFreeBranchesNearby : messages.noBranchesNearby}
          renderAction={(branch) => (
            <a className={styles.details} href={branch.url} aria-label={`${messages.viewDetails}: ${branch.name}`}>
              {messages.viewDetails}
            </a>
          )}
        />
      </Modal>
    </section>
  );
}

import { useSelector } from '@xstate/react';
import { selectRead, type ReadActorRef } from '#machines/read/read.machine.ts';
import type { BranchDetailsData } from '#domain/contract/branches.ts';
import { branchDetailsOf } from './branch-details.ts';
import { BranchDetailsView, type BranchDetailsState } from './branch-details-view.tsx';

/** GET the branch by its code and its opening times; null when no branch has that code. */
export type BranchDetailsRef = ReadActorRef<BranchDetailsData | null, { branchCode: string }>;

export interface BranchDetailsScreenProps {
  /** The branch's read, which the shop starts for the page's address. */
  details: BranchDetailsRef;
  now?: Date;
}

/** The page at a branch's url (/branches/{branchCode}): read as it opens, again on Try again. */
export function BranchDetailsScreen({ details, now }: BranchDetailsScreenProps) {
  const read = useSelector(details, selectRead);
  let state: BranchDetailsState;
  if (read.status === 'done') {
    state = read.output === null ? { status: 'notFound' } : { status: 'shown', branch: branchDetailsOf(read.output, now ?? new Date()) };
  } else if (read.status === 'failed') {
    state = { status: 'failed' };
  } else {
    state = { status: 'loading' };
  }
  return <BranchDetailsView state={state} onRetry={() => details.send({ type: 'read.retried' })} />;
}

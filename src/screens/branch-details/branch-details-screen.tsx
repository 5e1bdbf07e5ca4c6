import { useEffect } from 'react';
import type { PromiseActorLogic } from 'xstate';
import { usePromiseActor } from '../checkout-shared/use-promise-actor.ts';
import { branchDetailsOf, type BranchDetailsData } from './branch-details.ts';
import { BranchDetailsView, type BranchDetailsState } from './branch-details-view.tsx';

/** GET the branch by its code and its opening times; null when no branch has that code. */
export type BranchDetailsLogic = PromiseActorLogic<BranchDetailsData | null, { branchCode: string }>;

export interface BranchDetailsScreenProps {
  branchCode: string;
  /** Supplied by the composition root (createShopReads). */
  read: BranchDetailsLogic | undefined;
  now?: Date;
}

/** The page at a branch's url (/branches/{branchCode}): read once on opening, again on Try again. */
export function BranchDetailsScreen({ branchCode, read, now }: BranchDetailsScreenProps) {
  const [result, run] = usePromiseActor(read);
  useEffect(() => {
    run({ branchCode });
  }, [branchCode, run]);

  let state: BranchDetailsState;
  if (result.status === 'done') {
    state = result.output === null ? { status: 'notFound' } : { status: 'shown', branch: branchDetailsOf(result.output, now ?? new Date()) };
  } else if (result.status === 'failed') {
    state = { status: 'failed' };
  } else {
    state = { status: 'loading' };
  }
  return <BranchDetailsView state={state} onRetry={() => run({ branchCode })} />;
}

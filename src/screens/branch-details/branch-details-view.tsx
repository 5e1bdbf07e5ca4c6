import { Link } from 'react-router-dom';
import { appPaths } from '#domain/contract/routes.ts';
import { messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Notice } from '#src/ui/notice.tsx';
import { OpeningTimesTable } from '#src/ui/opening-times-table.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { BranchAccessFacts } from '#src/screens/branch-modal/branch-access-facts.tsx';
import type { BranchDetails } from './branch-details.ts';
import { TitledSection } from '#src/ui/titled-section.tsx';
import styles from './branch-details.module.css';

export type BranchDetailsState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'failed' }
  | { status: 'shown'; branch: BranchDetails };

export interface BranchDetailsViewProps {
  state: BranchDetailsState;
  onRetry: () => void;
}

/** One branch's page: loading, not found, failed (with Try again), or its details. */
export function BranchDetailsView({ state, onRetry }: BranchDetailsViewProps) {
  switch (state.status) {
    case 'loading':
      return (
        <div className={styles.status} aria-busy="true">
          <Spinner label={messages.loadingBranch} size="large" showLabel />
        </div>
      );
    case 'notFound':
      return (
        <section className={styles.page} aria-labelledby="branch-details-title">
          <h1 id="branch-details-title">{messages.branchNotFound}</h1>
          <p>{messages.branchNotFoundBody}</p>
          <p>
            <Link className={styles.secondaryLink} to={appPaths.branches}>
              {messages.backToBranchFinder}
            </Link>
          </p>
        </section>
      );
    case 'failed':
      return (
        <section className={styles.page} aria-labelledby="branch-details-title">
          <h1 id="branch-details-title">{messages.branchLoadFailed}</h1>
          <Notice tone="error" title={messages.somethingWentWrong}>
            <p>{messages.branchLoadFailedBody}</p>
          </Notice>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onRetry}>
              {messages.retry}
            </Button>
            <Link className={styles.secondaryLink} to={appPaths.branches}>
              {messages.backToBranchFinder}
            </Link>
          </div>
        </section>
      );
    case 'shown':
      return <BranchDetailsShown branch={state.branch} />;
  }
}

function BranchDetailsShown({ branch }: { branch: BranchDetails }) {
  return (
    <article className={styles.page} aria-labelledby="branch-details-title">
      <header className={styles.head}>
        <h1 id="branch-details-title">{branch.name}</h1>
        <p className={styles.brand}>{branch.brandAdvisory}</p>
      </header>
      <div className={styles.grid}>
        <TitledSection id="branch-details-address" title={messages.branchAddress} className={styles.card} titleClassName={styles.subheading}>
          <address className={styles.address}>
            {branch.address.map((line, i) => (
              <span key={`${i}-${line}`}>{line}</span>
            ))}
          </address>
        </TitledSection>
        <TitledSection id="branch-details-hours" title={messages.branchOpeningTimesThisWeek} className={styles.card} titleClassName={styles.subheading}>
          {branch.closed ? <p className={styles.closed}>{messages.closedThisWeek}</p> : null}
          <OpeningTimesTable
            rows={branch.openingTimes.rows}
            labelledBy="branch-details-hours"
            className={styles.hours}
            todayClassName={styles.today}
          />
          {branch.openingTimes.comment ? <p className={styles.comment}>{branch.openingTimes.comment}</p> : null}
        </TitledSection>
        <TitledSection id="branch-details-access" title={messages.branchAccessTitle} className={styles.card} titleClassName={styles.subheading}>
          <BranchAccessFacts facts={branch.facts} labelledBy="branch-details-access" layout="column" />
        </TitledSection>
      </div>
      <div className={styles.buy}>
        <p>{messages.branchClickAndCollectNote}</p>
        <Link className={styles.buyLink} to={branch.buyHref}>
          {messages.buyCurrencyAtBranch}
        </Link>
      </div>
    </article>
  );
}

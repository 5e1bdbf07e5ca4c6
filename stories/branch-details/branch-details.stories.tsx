import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { messages } from '#domain/messages.ts';
import type { BranchDetailsData } from '#domain/contract/branches.ts';
import { createActor } from 'xstate';
import { createReadMachine } from '#machines/read/read.machine.ts';
import { BranchDetailsScreen, type BranchDetailsRef } from '#src/screens/branch-details/branch-details-screen.tsx';
import { STORY_NOW, answering, f, fail, ok, pending, settle, type Answer } from '../support/shop-front-story-support.tsx';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

type Loaded = { details: BranchDetailsRef };

const meta = {
  title: 'Shop front/Branch details',
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/branches/man01']}>
        <Story />
      </MemoryRouter>
    ),
  ],
  render: (_args, { loaded }) => <BranchDetailsScreen details={(loaded as Loaded).details} now={STORY_NOW} />,
  play: playChecks(() => checks),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

/** The branch's read, as the shop starts it for /branches/man01, answering as told. */
const story = (answer: Answer<BranchDetailsData | null> | readonly Answer<BranchDetailsData | null>[]) => [
  async () => {
    const read = createReadMachine<BranchDetailsData | null, { branchCode: string }>().provide({ actors: { read: answering<BranchDetailsData | null, unknown>(answer) } });
    const details = createActor(read, { input: { branchCode: 'man01' } }).start();
    await settle();
    return { details };
  },
];
const arndale = f.branches[0]!;
const salford = f.branches[2]!;
const stockport = f.branches[3]!;

export const Loading: Story = {
  parameters: { machineStates: ['read.reading'], shows: [messages.loadingBranch] },
  loaders: story(pending),
};

/**
 * Name, brand, address, this week's opening times (today marked), its access facts with the time
 * today's orders are ready, and the way to buy there.
 */
export const Branch: Story = {
  parameters: {
    machineStates: ['read.done'],
    shows: ['Manchester Arndale', 'Operated by Travel Money', 'M4 3AQ', "This week's opening times", '09:00 - 19:00', "Today's orders ready to collect from midday", messages.buyCurrencyAtBranch],
  },
  loaders: story(ok({ branch: arndale, openingTimes: f.openStore.openingTimes })),
};

/** Opening times could not be read: the branch's own times show instead. */
export const BranchTimesFromLookup: Story = {
  parameters: { shows: ['Manchester Arndale', '09:00 - 17:30', messages.buyCurrencyAtBranch] },
  loaders: story(ok({ branch: arndale, openingTimes: null })),
};

/** A branch without step-free access, a hearing loop or accessible toilets nearby; today's orders ready from 3:30pm. */
export const WithoutStepFreeAccess: Story = {
  parameters: { shows: ['Stockport Merseyway', messages.noStepFreeAccess, messages.noHearingLoop, messages.noAccessibleToiletsNearby, "Today's orders ready to collect from 3:30pm"] },
  loaders: story(ok({ branch: stockport, openingTimes: f.openStore.openingTimes })),
};

/** Closed this week: its access facts, and no time for today's orders. */
export const ClosedThisWeek: Story = {
  parameters: { shows: ['Salford Quays', messages.closedThisWeek, 'Closed for refurbishment.'] },
  loaders: story(ok({ branch: salford, openingTimes: f.closedStore.openingTimes })),
};

export const NotFound: Story = {
  parameters: { shows: [messages.branchNotFound, messages.backToBranchFinder] },
  loaders: story(ok(null)),
};

export const LoadFailed: Story = {
  parameters: { machineStates: ['read.failed'], shows: [messages.branchLoadFailed, messages.somethingWentWrong, messages.retry] },
  loaders: story(fail()),
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.4): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const checks: StateChecks = {
  Loading: { texts: [messages.loadingBranch] },
  Branch: {
    texts: [messages.branchAddress, messages.branchOpeningTimesThisWeek, messages.branchAccessTitle, messages.stepFreeAccess, messages.hearingLoop, messages.accessibleToiletsNearby],
    absent: [messages.noStepFreeAccess],
    enabled: [['link', messages.buyCurrencyAtBranch]],
  },
  WithoutStepFreeAccess: { texts: [messages.branchAccessTitle, messages.noStepFreeAccess], absent: [messages.stepFreeAccess], enabled: [['link', messages.buyCurrencyAtBranch]] },
  BranchTimesFromLookup: { enabled: [['link', messages.buyCurrencyAtBranch]] },
  ClosedThisWeek: { texts: [messages.closedThisWeek, messages.noStepFreeAccess], absent: ["Today's orders ready to collect from 2pm"] },
  NotFound: { texts: [messages.branchNotFoundBody], enabled: [['link', messages.backToBranchFinder]] },
  LoadFailed: { texts: [messages.branchLoadFailedBody], enabled: [['button', messages.retry]] },
};

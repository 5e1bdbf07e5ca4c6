import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { AnyActorRef } from 'xstate';
import { messages } from '#domain/messages.ts';
import { Calculator } from '#src/screens/calculator/calculator.tsx';
import { STORY_NOW, calculatorStory, fail, manchester, ok, pending, type CalculatorStoryOptions } from '../support/shop-front-story-support.tsx';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

type Loaded = { calculator: Awaited<ReturnType<typeof calculatorStory>>; finder?: AnyActorRef };

/** The modal as the shopper meets it: opened from the calculator, its branch finder a child of it. */
const meta = {
  title: 'Shop front/Branch modal',
  parameters: { layout: 'padded' },
  render: (_args, { loaded }) => <Calculator calculator={(loaded as Loaded).calculator} now={STORY_NOW} />,
  play: playChecks(() => checks),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const open = { type: 'branch.modalOpened' } as const;
const chooseManchester = { type: 'place.selected', place: manchester } as const;

/** The calculator with its modal open, and the modal's actor (kept, as it ends on Confirm or Escape). */
const story = (options: CalculatorStoryOptions) => [
  async () => {
    const calculator = await calculatorStory({ ...options, events: [open, ...(options.events ?? [])], finderEvents: undefined });
    const finder = calculator.getSnapshot().children.branchFinder;
    if (finder && options.finderEvents) {
      for (const event of options.finderEvents) {
        if (event !== 'settle') finder.send(event);
        for (let i = 0; i < 4; i += 1) await new Promise((r) => setTimeout(r, 0));
      }
    }
    return { calculator, ...(finder ? { finder } : {}) };
  },
];

/** Opened: the place search and 'use my location', nothing searched yet. */
export const Opened: Story = {
  parameters: {
    machineStates: ['branchFinder.active.suggestions.idle', 'branchFinder.active.results.closed'],
    shows: ['Choose your collection branch', 'Town, city or postcode', 'Use my location'],
  },
  loaders: story({}),
};

/** The place autocomplete is asking the server. */
export const Suggesting: Story = {
  parameters: { machineStates: ['branchFinder.active.suggestions.searching'] },
  loaders: story({ places: pending, finderEvents: [{ type: 'place.typed', text: 'Man' }] }),
};

/** Suggestions for the typed text, in the combobox's list. */
export const Suggestions: Story = {
  parameters: { machineStates: ['branchFinder.active.suggestions.idle'] },
  loaders: story({}),
  play: async () => {
    const body = within(document.body);
    await userEvent.type(await body.findByRole('combobox', { name: messages.placeSearchLabel }, { timeout: 5_000 }), 'Man');
    await expect(await body.findByRole('option', { name: 'Manchester, Greater Manchester' })).toBeInTheDocument();
  },
};

export const Locating: Story = {
  parameters: { machineStates: ['branchFinder.active.results.locating'], shows: ['Finding your location'] },
  loaders: story({ geolocate: pending, finderEvents: [{ type: 'location.requested' }] }),
};

/** The typed text was submitted: its first place is looked up. */
export const ResolvingPlace: Story = {
  parameters: { machineStates: ['branchFinder.active.results.resolvingPlace'], shows: ['Finding branches'] },
  loaders: story({ places: pending, finderEvents: [{ type: 'place.typed', text: 'Leeds' }, { type: 'place.submitted' }] }),
};

export const SearchingBranches: Story = {
  parameters: { machineStates: ['branchFinder.active.results.searching'], shows: ['Finding branches'] },
  loaders: story({ nearby: pending, finderEvents: [chooseManchester] }),
};

/**
 * Page 1 of 3: name, brand, distance, availability and access facts; Salford Quays is closed this
 * week (so no time for today's orders) and Manchester Piccadilly has no stock, so collection is
 * from 2pm; Manchester Arndale's orders placed today are ready from midday.
 */
export const Branches: Story = {
  parameters: {
    machineStates: ['branchFinder.active.results.shown'],
    shows: [
      'Page 1 of 3',
      'Manchester Arndale',
      'Operated by Travel Money',
      '0.4 miles',
      'Collect today',
      "Sorry we're closed this week!",
      'Collect today from 2pm',
      "Today's orders ready to collect from midday",
    ],
  },
  loaders: story({ finderEvents: [chooseManchester] }),
};

export const SecondPage: Story = {
  parameters: { machineStates: ['branchFinder.active.results.shown'], shows: ['Page 2 of 3', 'Collect tomorrow'] },
  loaders: story({ finderEvents: [chooseManchester, { type: 'page.next' }] }),
};

/** Opening times and the collection address, expanded. */
export const BranchDetails: Story = {
  parameters: { machineStates: ['branchFinder.active.results.shown'] },
  loaders: story({ finderEvents: [chooseManchester] }),
  play: async () => {
    const body = within(document.body);
    // The branch modal's code loads when it first opens.
    const card = await body.findByRole('listitem', { name: 'Manchester Arndale' }, { timeout: 5_000 });
    await userEvent.click(within(card).getByText(messages.openingTimes));
    await userEvent.click(within(card).getByText(messages.collectionAddress));
  },
};

export const LocationDenied: Story = {
  parameters: {
    machineStates: ['branchFinder.active.results.failed'],
    shows: ["Sorry we couldn't get your location. Please grant access when a dialog appears."],
  },
  loaders: story({ geolocate: { fail: { code: 1, message: 'User denied Geolocation' } }, finderEvents: [{ type: 'location.requested' }] }),
};

export const PlaceNotFound: Story = {
  parameters: { machineStates: ['branchFinder.active.results.failed'], shows: ['Sorry, we could not find a location based on your search'] },
  loaders: story({ places: ok([]), finderEvents: [{ type: 'place.typed', text: 'Xyzzy' }, { type: 'place.submitted' }] }),
};

/** The nearby-store search failed: the server's message. */
export const SearchFailed: Story = {
  parameters: { machineStates: ['branchFinder.active.results.failed'], shows: ['We could not search for branches right now.'] },
  loaders: story({
    nearby: fail({ title: 'Branch search failed', detail: 'We could not search for branches right now.', status: 502 }),
    finderEvents: [chooseManchester],
  }),
};

/** Confirm: the modal closes and the calculator prices at the chosen branch. */
export const Confirmed: Story = {
  parameters: { machineStates: ['branchFinder.confirmed', 'calculator.ready.branchModal.closed'], shows: ['Stockport Merseyway'] },
  loaders: story({ finderEvents: [chooseManchester, { type: 'branch.confirmed', storeId: 16 }] }),
};

/** Escape or the close control: the modal closes, the branch stays. */
export const Dismissed: Story = {
  parameters: { machineStates: ['branchFinder.dismissed', 'calculator.ready.branchModal.closed'], shows: ['Manchester Arndale'] },
  loaders: story({ finderEvents: [{ type: 'finder.closed' }] }),
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.2, 8): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const title = messages.chooseBranchTitle;
/** The modal is open and holds the focus. */
const modalOpen = { texts: [title], focusIn: title } as const;

const checks: StateChecks = {
  Opened: { ...modalOpen, enabled: [['button', messages.useMyLocation]] },
  Suggesting: modalOpen,
  Suggestions: modalOpen,
  Locating: { ...modalOpen, texts: [title, messages.findingLocation] },
  ResolvingPlace: { ...modalOpen, texts: [title, messages.findingBranches] },
  SearchingBranches: { ...modalOpen, texts: [title, messages.findingBranches] },
  Branches: {
    ...modalOpen,
    texts: [title, messages.stepFreeAccess, messages.noStepFreeAccess, messages.hearingLoop, messages.noHearingLoop, messages.accessibleToiletsNearby, messages.noAccessibleToiletsNearby],
    disabled: [['button', messages.previous]],
    enabled: [['button', messages.next]],
  },
  SecondPage: { ...modalOpen, enabled: [['button', messages.previous], ['button', messages.next]] },
  BranchDetails: modalOpen,
  LocationDenied: { ...modalOpen, texts: [messages.geolocationFailed] },
  PlaceNotFound: { ...modalOpen, texts: [messages.placeNotFound] },
  SearchFailed: modalOpen,
  Confirmed: { absent: [title] },
  Dismissed: { absent: [title] },
};

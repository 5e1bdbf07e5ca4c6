import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { messages } from '#domain/messages.ts';
import { BranchFinder } from '#src/screens/branch-finder/branch-finder-screen.tsx';
import { loadPagePlaceSearch } from '#src/screens/branch-finder/page-place-search.tsx';
import { STORY_NOW, branchFinderStory, fail, manchester, nearbyBranches, ok, pending, type FinderAnswers } from '../support/shop-front-story-support.tsx';
import type { BranchFinderEvent, NearbyResult } from '#machines/branch-finder/branch-finder.machine.ts';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

type Loaded = { finder: Awaited<ReturnType<typeof branchFinderStory>> };

const meta = {
  title: 'Shop front/Branch finder',
  parameters: { layout: 'fullscreen' },
  render: (_args, { loaded }) => <BranchFinder finder={(loaded as Loaded).finder} now={STORY_NOW} />,
  play: playChecks(() => checks),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

// Each story shows the page as a shopper meets it once it has been idle: with its place search's
// combobox (src/screens/branch-finder/page-place-search.tsx).
const story = (options: FinderAnswers & { events?: BranchFinderEvent[] }) => [
  async () => {
    await loadPagePlaceSearch();
    return { finder: await branchFinderStory({ ...options, input: { mode: 'page' } }) };
  },
];
const chooseManchester = { type: 'place.selected', place: manchester } as const;
const stepFreeOnly = { type: 'filter.stepFreeChanged', stepFreeOnly: true } as const;
/** The fixtures' branches with step-free access, as the server answers with the filter. */
const stepFreeBranches = ok<NearbyResult>({ kind: 'branches', branches: nearbyBranches.filter((item) => item.branch.stepFree) });

export const Start: Story = {
  parameters: {
    machineStates: ['branchFinder.active.suggestions.idle', 'branchFinder.active.results.closed'],
    shows: ['Find a branch', 'Town, city or postcode', 'Find a branch near me'],
  },
  loaders: story({}),
};

export const Suggesting: Story = {
  parameters: { machineStates: ['branchFinder.active.suggestions.searching'] },
  loaders: story({ places: pending, events: [{ type: 'place.typed', text: 'Man' }] }),
};

/** Great Britain places for the typed text, as a combobox list. */
export const Suggestions: Story = {
  parameters: {
    machineStates: ['branchFinder.active.suggestions.idle'],
    axe: { ignore: { 'aria-hidden-focus': "react-aria's open combobox hides the rest of the page from screen readers while its list is open; the page's controls stay in the tab order" } },
  },
  loaders: story({}),
  play: async ({ canvasElement }) => {
    await userEvent.type(within(canvasElement).getByRole('combobox', { name: messages.placeSearchLabel }), 'Man');
    await expect(await within(document.body).findByRole('option', { name: 'Manchester Airport, Greater Manchester' })).toBeInTheDocument();
  },
};

export const Locating: Story = {
  parameters: { machineStates: ['branchFinder.active.results.locating'], shows: ['Finding your location'] },
  loaders: story({ geolocate: pending, events: [{ type: 'location.requested' }] }),
};

export const ResolvingPlace: Story = {
  parameters: { machineStates: ['branchFinder.active.results.resolvingPlace'], shows: ['Finding branches'] },
  loaders: story({ places: pending, events: [{ type: 'place.typed', text: 'Leeds' }, { type: 'place.submitted' }] }),
};

export const Searching: Story = {
  parameters: { machineStates: ['branchFinder.active.results.searching'], shows: ['Finding branches'] },
  loaders: story({ nearby: pending, events: [chooseManchester] }),
};

/** The nearby branches in a modal, 5 a page, each with View Details. */
export const Branches: Story = {
  parameters: { machineStates: ['branchFinder.active.results.shown'], shows: ['Branches near you', 'Page 1 of 3', 'View Details', '0.4 miles'] },
  loaders: story({ events: [chooseManchester] }),
};

export const LastPage: Story = {
  parameters: { machineStates: ['branchFinder.active.results.shown'], shows: ['Page 3 of 3'] },
  loaders: story({ events: [chooseManchester, { type: 'page.next' }, { type: 'page.next' }] }),
};

export const NoBranchesNearby: Story = {
  parameters: { machineStates: ['branchFinder.active.results.shown'], shows: ['No branches found near this location'] },
  loaders: story({ nearby: ok({ kind: 'branches', branches: [] }), events: [chooseManchester] }),
};

export const LocationDenied: Story = {
  parameters: {
    machineStates: ['branchFinder.active.results.failed'],
    shows: ["Sorry we couldn't get your location. Please grant access when a dialog appears."],
  },
  loaders: story({ geolocate: { fail: { code: 1, message: 'User denied Geolocation' } }, events: [{ type: 'location.requested' }] }),
};

export const LocationUnavailable: Story = {
  parameters: { machineStates: ['branchFinder.active.results.failed'], shows: ["Sorry we couldn't get your location."] },
  loaders: story({ geolocate: { fail: { code: 2, message: 'Position unavailable' } }, events: [{ type: 'location.requested' }] }),
};

export const PlaceNotFound: Story = {
  parameters: { machineStates: ['branchFinder.active.results.failed'], shows: ['Sorry, we could not find a location based on your search'] },
  loaders: story({ places: ok([]), events: [{ type: 'place.typed', text: 'Xyzzy' }, { type: 'place.submitted' }] }),
};

export const SearchFailed: Story = {
  parameters: { machineStates: ['branchFinder.active.results.failed'], shows: ['Something went wrong'] },
  loaders: story({ nearby: fail({ title: 'Something went wrong', status: 500 }), events: [chooseManchester] }),
};

/** 'Only branches with step-free access' ticked before searching: the next search asks for them only. */
export const StepFreeOnly: Story = {
  parameters: { machineStates: ['branchFinder.active.results.closed'], shows: [messages.stepFreeOnlyFilter, messages.findBranchNearMe] },
  loaders: story({ events: [stepFreeOnly] }),
};

/**
 * The branches with step-free access near the place, each with its access facts and the time
 * today's orders are ready (Wednesday 10:00: Manchester Arndale's from midday).
 */
export const StepFreeBranches: Story = {
  parameters: {
    machineStates: ['branchFinder.active.results.shown'],
    shows: [messages.showingStepFreeOnly, 'Manchester Arndale', messages.stepFreeAccess, messages.hearingLoop, messages.noHearingLoop, "Today's orders ready to collect from midday"],
  },
  loaders: story({ nearby: stepFreeBranches, events: [stepFreeOnly, chooseManchester] }),
};

export const NoStepFreeBranchesNearby: Story = {
  parameters: { machineStates: ['branchFinder.active.results.shown'], shows: [messages.noStepFreeBranchesNearby] },
  loaders: story({ nearby: ok({ kind: 'branches', branches: [] }), events: [stepFreeOnly, chooseManchester] }),
};

/** Ticked with the list closed after a search: the same place is searched again, step-free only. */
export const StepFreeSearchingAgain: Story = {
  parameters: { machineStates: ['branchFinder.active.results.searching'], shows: ['Finding branches'] },
  loaders: story({ nearby: pending, events: [chooseManchester, { type: 'finder.closed' }, stepFreeOnly] }),
};

/** Escape closed the list; the search stays. */
export const ListClosed: Story = {
  parameters: { machineStates: ['branchFinder.active.results.closed'], shows: ['Find a branch near me'] },
  loaders: story({ events: [chooseManchester, { type: 'finder.closed' }] }),
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.4, 8): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const nearMe = ['button', messages.findBranchNearMe] as const;
const filter = ['checkbox', messages.stepFreeOnlyFilter] as const;
const listed = { texts: [messages.branchesNearYou, messages.viewDetails], focusIn: messages.branchesNearYou } as const;

const checks: StateChecks = {
  Start: { texts: [messages.branchFinderTitle, messages.placeSearchLabel], enabled: [nearMe, filter], absent: [messages.showingStepFreeOnly] },
  Suggesting: { texts: [messages.branchFinderTitle] },
  Suggestions: { texts: [messages.branchFinderTitle] },
  Locating: { texts: [messages.findingLocation] },
  ResolvingPlace: { texts: [messages.findingBranches] },
  Searching: { texts: [messages.findingBranches] },
  Branches: {
    ...listed,
    texts: [...listed.texts, messages.stepFreeAccess, messages.noStepFreeAccess, messages.accessibleToiletsNearby],
    absent: [messages.showingStepFreeOnly],
    disabled: [['button', messages.previous]],
    enabled: [['button', messages.next]],
  },
  LastPage: { ...listed, enabled: [['button', messages.previous]], disabled: [['button', messages.next]] },
  NoBranchesNearby: { texts: [messages.noBranchesNearby] },
  LocationDenied: { texts: [messages.geolocationFailed, messages.geolocationDenied], enabled: [nearMe] },
  LocationUnavailable: { texts: [messages.geolocationFailed], enabled: [nearMe] },
  PlaceNotFound: { texts: [messages.placeNotFound] },
  SearchFailed: { texts: [messages.somethingWentWrong] },
  ListClosed: { texts: [messages.branchFinderTitle], absent: [messages.branchesNearYou], enabled: [nearMe, filter] },
  StepFreeOnly: { texts: [messages.branchFinderTitle], absent: [messages.branchesNearYou], enabled: [nearMe, filter] },
  StepFreeBranches: { ...listed, texts: [...listed.texts, messages.showingStepFreeOnly, messages.stepFreeAccess], absent: [messages.noStepFreeAccess] },
  NoStepFreeBranchesNearby: { texts: [messages.noStepFreeBranchesNearby], absent: [messages.noBranchesNearby] },
  StepFreeSearchingAgain: { texts: [messages.findingBranches] },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router';
import { ChartContainer } from '#src/screens/chart/chart-screen.tsx';
import { chartStory, fail, ok, pending, STORY_NOW, type ChartStoryOptions } from '../support/shop-front-story-support.tsx';
import { makeChartPoints } from '../../mocks/fixtures.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

type Loaded = { chart: Awaited<ReturnType<typeof chartStory>> };

const meta = {
  title: 'Shop front/Rate chart',
  parameters: { layout: 'fullscreen' },
  render: (_args, { loaded }) => (
    <MemoryRouter>
      <ChartContainer chart={(loaded as Loaded).chart} />
    </MemoryRouter>
  ),
  play: playChecks(() => checks),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const story = (options: ChartStoryOptions) => [async () => ({ chart: await chartStory(options) })];

export const Loading: Story = {
  parameters: { machineStates: ['chart.loading'], shows: ['Loading the rate history'] },
  loaders: story({ points: pending }),
};

/** /eur-to-gbp: the last month, the default interval. */
export const OneMonth: Story = {
  parameters: { machineStates: ['chart.ready'], shows: ['EUR to GBP exchange rate'] },
  loaders: story({}),
};

export const OneWeek: Story = {
  parameters: { machineStates: ['chart.ready'] },
  loaders: story({ events: [{ type: 'chart.intervalChosen', interval: '1W' }] }),
};

export const OneYear: Story = {
  parameters: { machineStates: ['chart.ready'] },
  loaders: story({ events: [{ type: 'chart.intervalChosen', interval: '1Y' }] }),
};

/** /usd-from-gbp: how many dollars a pound buys. */
export const FromGbp: Story = {
  parameters: { machineStates: ['chart.ready'], shows: ['GBP to USD exchange rate'] },
  loaders: story({ path: '/usd-from-gbp', points: ok(makeChartPoints(STORY_NOW, 'USD', false)) }),
};

/** The rates could not be read: logged, and the page says so. */
export const LoadFailed: Story = {
  parameters: { machineStates: ['chart.failed'], shows: ['Something went wrong'] },
  loaders: story({ points: fail() }),
};

/** A path that names no currency: the not-found page. */
export const NotAChartPage: Story = {
  parameters: { machineStates: ['chart.notChartPage'] },
  loaders: story({ path: '/euro-to-gbp' }),
};

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.13): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const periods = [messages.oneWeek, messages.oneMonth, messages.oneYear];
const eurToGbp = formatMessage(messages.chartTitle, { from: 'EUR', to: 'GBP' });

const checks: StateChecks = {
  Loading: { texts: [messages.loadingChart] },
  OneMonth: { texts: [eurToGbp, ...periods] },
  OneWeek: { texts: [eurToGbp, ...periods] },
  OneYear: { texts: [eurToGbp, ...periods] },
  FromGbp: { texts: [formatMessage(messages.chartTitle, { from: 'GBP', to: 'USD' }), ...periods] },
  LoadFailed: { texts: [messages.somethingWentWrong] },
  NotAChartPage: { texts: [messages.pageNotFound] },
};

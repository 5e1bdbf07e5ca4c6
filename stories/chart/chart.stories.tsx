import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
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
  parameters: { machineStates: ['chart.ready.alertOffered'], shows: ['EUR to GBP exchange rate'] },
  loaders: story({}),
};

export const OneWeek: Story = {
  parameters: { machineStates: ['chart.ready.alertOffered'] },
  loaders: story({ events: [{ type: 'chart.intervalChosen', interval: '1W' }] }),
};

export const OneYear: Story = {
  parameters: { machineStates: ['chart.ready.alertOffered'] },
  loaders: story({ events: [{ type: 'chart.intervalChosen', interval: '1Y' }] }),
};

/** /usd-from-gbp: how many dollars a pound buys. */
export const FromGbp: Story = {
  parameters: { machineStates: ['chart.ready.alertOffered'], shows: ['GBP to USD exchange rate'] },
  loaders: story({ path: '/usd-from-gbp', points: ok(makeChartPoints(STORY_NOW, 'USD', false)) }),
};

/** The demo's sample history (each point marked sample): "Sample rates" beside the latest rate. */
export const SampleRates: Story = {
  parameters: { machineStates: ['chart.ready.alertOffered'], shows: [messages.sampleRates] },
  loaders: story({ points: ok(makeChartPoints(STORY_NOW, 'EUR', true).map((p) => ({ ...p, sample: true as const }))) }),
};

// The rate alert under the chart: "Email me when 1 GBP buys {rate} {code} or more".
const request = { type: 'chart.alertRequested', emailAddress: 'ann@example.com', rateText: '0.8600' } as const;

/** A request with no valid address or rate: the form's messages, nothing sent. */
export const AlertInvalid: Story = {
  parameters: { machineStates: ['chart.ready.alertOffered'], shows: [messages.emailInvalid, messages.rateAlertRateInvalid] },
  loaders: story({ events: [{ type: 'chart.alertRequested', emailAddress: 'ann', rateText: '0' }] }),
};

export const AlertSending: Story = {
  parameters: { machineStates: ['chart.ready.alertSending'] },
  loaders: story({ alert: pending, events: [request] }),
};

export const AlertSet: Story = {
  parameters: {
    machineStates: ['chart.ready.alertSet'],
    shows: [
      formatMessage(messages.rateAlertSet, { email: 'ann@example.com' }),
      formatMessage(messages.rateAlertConfirm, { rate: '0.8600', code: 'EUR' }),
      messages.rateAlertAnother,
    ],
  },
  loaders: story({ events: [request] }),
};

export const AlertFailed: Story = {
  parameters: { machineStates: ['chart.ready.alertFailed'], shows: [messages.rateAlertFailed] },
  loaders: story({ alert: fail({ title: 'Something went wrong', status: 500 }), events: [request] }),
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
  OneMonth: { texts: [eurToGbp, ...periods, messages.rateAlertHeading], absent: [messages.sampleRates], enabled: [['button', messages.rateAlertSubmit]] },
  SampleRates: { texts: [eurToGbp, messages.sampleRates, ...periods] },
  OneWeek: { texts: [eurToGbp, ...periods] },
  OneYear: { texts: [eurToGbp, ...periods] },
  FromGbp: { texts: [formatMessage(messages.chartTitle, { from: 'GBP', to: 'USD' }), ...periods] },
  LoadFailed: { texts: [messages.somethingWentWrong] },
  AlertInvalid: { texts: [messages.rateAlertHeading, messages.emailInvalid, messages.rateAlertRateInvalid], enabled: [['button', messages.rateAlertSubmit]] },
  AlertSending: { texts: [messages.rateAlertHeading] },
  AlertSet: {
    // Set, but not active until the recipient confirms by the link in the email.
    texts: [messages.rateAlertHeading, formatMessage(messages.rateAlertSet, { email: 'ann@example.com' }), formatMessage(messages.rateAlertConfirm, { rate: '0.8600', code: 'EUR' })],
    enabled: [['button', messages.rateAlertAnother]],
  },
  AlertFailed: { texts: [messages.rateAlertFailed], enabled: [['button', messages.rateAlertSubmit]] },
  NotAChartPage: { texts: [messages.pageNotFound] },
};

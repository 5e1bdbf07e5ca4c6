import type { Meta, StoryObj } from '@storybook/react-vite';
import { OpeningTimesTable } from '#src/ui/opening-times-table.tsx';
import { openingDaysFromStore, openingTimesRows } from '#domain/availability.ts';
import { messages } from '#domain/messages.ts';
import { closedOpeningTimes, openingTimes } from '../../mocks/fixtures.ts';
import branchDetails from '#src/screens/branch-details/branch-details.module.css';

/** A branch's week as the branch pages read it: Monday first, 'Closed' on a day without hours. */
const week = openingTimesRows(openingDaysFromStore(openingTimes)).rows;
const closedWeek = openingTimesRows(openingDaysFromStore(closedOpeningTimes)).rows;

const meta = {
  title: 'UI/OpeningTimesTable',
  tags: ['autodocs'],
  component: OpeningTimesTable,
  args: { rows: week, caption: `${messages.openingTimes}: Manchester Arndale` },
} satisfies Meta<typeof OpeningTimesTable>;
export default meta;
type Story = StoryObj<typeof meta>;

/** As the branch list's card shows it: named by its visually hidden caption. */
export const WithCaption: Story = {};

/** As the confirmation page shows it: named by the heading above it. */
export const LabelledByHeading: Story = {
  args: { caption: undefined, labelledBy: 'confirmation-opening-times' },
  decorators: [
    (Story) => (
      <>
        <h3 id="confirmation-opening-times">{messages.openingTimes}</h3>
        <Story />
      </>
    ),
  ],
};

/** As the branch page shows this week: today's row (Wednesday) marked, in that page's styles. */
export const TodayHighlighted: Story = {
  args: {
    caption: undefined,
    labelledBy: 'branch-details-hours',
    rows: week.map((row) => ({ ...row, today: row.label === 'Wednesday' })),
    className: branchDetails.hours,
    todayClassName: branchDetails.today,
  },
  decorators: [
    (Story) => (
      <>
        <h2 id="branch-details-hours">{messages.branchOpeningTimesThisWeek}</h2>
        <Story />
      </>
    ),
  ],
};

export const ClosedAllWeek: Story = { args: { rows: closedWeek, caption: `${messages.openingTimes}: Salford Quays` } };

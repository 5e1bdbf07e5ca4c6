import type { Meta, StoryObj } from '@storybook/react-vite';
import { MoreTimeAnnouncer } from '#src/ui/more-time-announcer.tsx';
import { moreTimeAddedText, moreTimeWarningText } from '#domain/more-time.ts';
import { messages } from '#domain/messages.ts';

/**
 * The region is visually hidden: the stories draw nothing, a screen reader hears the text (the
 * accessibility panel shows it).
 */
const meta = {
  title: 'UI/MoreTimeAnnouncer',
  tags: ['autodocs'],
  component: MoreTimeAnnouncer,
  args: { text: moreTimeWarningText(30, 2) },
} satisfies Meta<typeof MoreTimeAnnouncer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** As the countdown enters its last 5 minutes, with more time to offer. */
export const Warning: Story = {};
export const WarningNoMoreTime: Story = { args: { text: moreTimeWarningText(30, 0) } };
export const Added: Story = { args: { text: moreTimeAddedText(30, '2026-03-04T14:32:00Z') } };
export const Refused: Story = { args: { text: messages.moreTimeFailed } };
/** Before the last 5 minutes: the region is in the page, silent. */
export const Silent: Story = { args: { text: '' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MoreTime } from '#src/ui/more-time.tsx';
import type { MoreTimeView } from '#machines/cart/cart.selectors.ts';
import { addMoreTimeLabel, moreTimeAddedText, moreTimeWarningText } from '#domain/more-time.ts';
import { messages } from '#domain/messages.ts';

/** The shop's cart hold: 30 minutes, added again on each ask while any extension is left. */
const MINUTES = 30;

/** What the cart's selector gives in the countdown's last 5 minutes, two extensions left. */
const offered: MoreTimeView = {
  offer: addMoreTimeLabel(MINUTES),
  extending: false,
  added: null,
  refusal: null,
  usedUp: false,
  announcement: moreTimeWarningText(MINUTES, 2),
};

const added = moreTimeAddedText(MINUTES, '2026-03-04T14:32:00Z');

const meta = {
  title: 'UI/MoreTime',
  tags: ['autodocs'],
  component: MoreTime,
  args: { view: offered, onExtend: fn() },
} satisfies Meta<typeof MoreTime>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Offer: Story = {};
/** Asked for: the button waits for the answer. */
export const Extending: Story = { args: { view: { ...offered, extending: true } } };
export const Added: Story = { args: { view: { ...offered, offer: null, added, announcement: added } } };
/** The server refused: its words, and the offer stays for another try. */
export const Refused: Story = { args: { view: { ...offered, refusal: messages.moreTimeFailed, announcement: messages.moreTimeFailed } } };
/** In the last 5 minutes with no extension left. */
export const UsedUp: Story = { args: { view: { ...offered, offer: null, usedUp: true, announcement: moreTimeWarningText(MINUTES, 0) } } };

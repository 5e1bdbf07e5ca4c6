import type { Meta, StoryObj } from '@storybook/react-vite';
import { Countdown } from '#src/ui/countdown.tsx';
import { countdownView } from '#domain/countdown.ts';

const meta = {
  title: 'UI/Countdown',
  tags: ['autodocs'],
  component: Countdown,
  args: { view: countdownView(1125_000), label: 'Time left to check out' },
} satisfies Meta<typeof Countdown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {};
export const Expiring: Story = { args: { view: countdownView(245_000) } };
export const Shaking: Story = { args: { view: countdownView(240_000) } };
export const Expired: Story = { args: { view: countdownView(0) } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Countdown } from '#src/ui/countdown.tsx';
import { messages } from '#domain/messages.ts';

const meta = {
  title: 'UI/Countdown',
  component: Countdown,
  args: { secondsLeft: 1125, status: 'running', label: 'Time left to check out', expiredText: messages.cartExpired },
} satisfies Meta<typeof Countdown>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Running: Story = {};
export const Expiring: Story = { args: { secondsLeft: 245, status: 'expiring' } };
export const Shaking: Story = { args: { secondsLeft: 240, status: 'expiring', shake: true } };
export const Expired: Story = { args: { secondsLeft: 0, status: 'expired' } };

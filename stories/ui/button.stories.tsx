import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '#src/ui/button.tsx';
import { messages } from '#domain/messages.ts';

const meta = {
  title: 'UI/Button',
  tags: ['autodocs'],
  component: Button,
  args: { children: messages.proceedToCheckout, variant: 'primary' },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: messages.leaveCheckout } };
export const Link: Story = { args: { variant: 'link', children: messages.emptyCart } };
export const Loading: Story = { args: { loading: true, children: messages.submit } };
export const Disabled: Story = { args: { disabled: true } };
export const FullWidth: Story = { args: { fullWidth: true, children: messages.addToCart } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Toast } from '#src/ui/toast.tsx';
import { messages } from '#domain/messages.ts';

const meta = {
  title: 'UI/Toast',
  tags: ['autodocs'],
  component: Toast,
  args: { message: messages.signedIn, tone: 'success' },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Toast>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
export const Info: Story = { args: { message: messages.cartCleared, tone: 'info' } };
export const Dismissable: Story = { args: { onDismiss: fn(), dismissLabel: messages.close } };
export const Empty: Story = { args: { message: null } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Notice } from '#src/ui/notice.tsx';
import { buybackTooSmallMessage } from '#domain/guarantees.ts';
import { messages } from '#domain/messages.ts';

const meta = {
  title: 'UI/Notice',
  tags: ['autodocs'],
  component: Notice,
  args: { tone: 'info', children: messages.cardMustMatchDeliveryAddress },
} satisfies Meta<typeof Notice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Info: Story = {};
export const Warning: Story = { args: { tone: 'warning', children: buybackTooSmallMessage({ isPartner: false }) } };
export const Error: Story = { args: { tone: 'error', title: messages.cartFetchFailed } };
export const Success: Story = { args: { tone: 'success', children: messages.signedIn } };
export const WithTitle: Story = { args: { tone: 'warning', title: messages.ohSnap, children: messages.noStock } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ProblemDialog } from '#src/ui/problem-dialog.tsx';
import { messages } from '#domain/messages.ts';

const meta = {
  title: 'UI/ProblemDialog',
  tags: ['autodocs'],
  component: ProblemDialog,
  args: {
    problem: { title: 'Cart not found', detail: 'Your session has no open cart.' },
    onClose: fn(),
    closeLabel: messages.close,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ProblemDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithDetail: Story = {};
export const TitleOnly: Story = { args: { problem: { title: messages.somethingWentWrong } } };

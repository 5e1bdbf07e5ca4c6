import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox } from '#src/ui/checkbox.tsx';
import { messages } from '#domain/messages.ts';

const meta = {
  title: 'UI/Checkbox',
  tags: ['autodocs'],
  component: Checkbox,
  args: { children: 'I accept the terms and conditions' },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Checked: Story = { args: { defaultSelected: true } };
export const WithError: Story = { args: { error: messages.termsRequired } };
export const Disabled: Story = { args: { isDisabled: true } };

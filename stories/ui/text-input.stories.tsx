import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextInput } from '#src/ui/text-input.tsx';
import { messages } from '#domain/messages.ts';

const meta = {
  title: 'UI/TextInput',
  tags: ['autodocs'],
  component: TextInput,
  args: { label: 'Email address', type: 'email', autoComplete: 'email' },
} satisfies Meta<typeof TextInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithHint: Story = { args: { hint: messages.basketEmailNote } };
export const WithError: Story = { args: { error: messages.emailInvalid, defaultValue: 'jane@' } };
/** The box is full: a notice, not an error. */
export const WithNotice: Story = { args: { label: 'Address line 1', notice: messages.maxCharacters, maxLength: 250, defaultValue: 'a'.repeat(250) } };
export const Optional: Story = { args: { label: 'Address line 2', labelSuffix: '(optional)', type: 'text' } };
export const Narrow: Story = { args: { label: 'Day', narrow: true, size: 2, inputMode: 'numeric', maxLength: 2, type: 'text' } };

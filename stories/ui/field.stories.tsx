import type { Meta, StoryObj } from '@storybook/react-vite';
import { Field } from '#src/ui/field.tsx';
import { messages } from '#domain/messages.ts';

const meta = {
  title: 'UI/Field',
  tags: ['autodocs'],
  component: Field,
  args: {
    label: 'Phone number',
    hint: 'We call only about your order.',
    children: (control) => <input type="tel" inputMode="tel" {...control} />,
  },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithError: Story = { args: { error: messages.phoneRequired } };
export const WithNotice: Story = { args: { label: 'Postcode', hint: undefined, notice: messages.maxCharacters } };

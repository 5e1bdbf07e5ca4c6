import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ErrorSummary } from '#src/ui/error-summary.tsx';
import { TextInput } from '#src/ui/text-input.tsx';
import { messages } from '#domain/messages.ts';

/** The customer details form's fields the stories' links point at, by element id. */
const labels: Record<string, string> = {
  'customer-emailAddress': messages.emailLabel,
  'customer-phoneNumber': messages.phoneLabel,
  'customer-firstName': messages.firstNameLabel,
  'customer-lastName': messages.lastNameLabel,
};

const meta = {
  title: 'UI/ErrorSummary',
  tags: ['autodocs'],
  component: ErrorSummary,
  args: {
    title: messages.errorSummaryTitle,
    items: [
      { id: 'customer-emailAddress', message: messages.emailInvalid },
      { id: 'customer-phoneNumber', message: messages.phoneRequired },
      { id: 'customer-firstName', message: messages.firstNameTooShort },
    ],
    onSelect: fn(),
  },
  // A link moves focus to its field, as the customer details page does.
  render: (args) => (
    <ErrorSummary
      {...args}
      onSelect={(id) => {
        args.onSelect(id);
        document.getElementById(id)?.focus();
      }}
    />
  ),
  // The form under the summary: each link's field, with its error.
  decorators: [
    (Story, { args }) => (
      <>
        <Story />
        {args.items.map((item) => (
          <TextInput key={item.id} id={item.id} label={labels[item.id] ?? item.id} error={item.message} />
        ))}
      </>
    ),
  ],
} satisfies Meta<typeof ErrorSummary>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SeveralFields: Story = {};
export const OneField: Story = { args: { items: [{ id: 'customer-lastName', message: messages.lastNameRequired }] } };
/** No invalid field: nothing is drawn. */
export const Empty: Story = { args: { items: [] } };

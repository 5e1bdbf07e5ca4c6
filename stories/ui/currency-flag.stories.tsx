import type { Meta, StoryObj } from '@storybook/react-vite';
import type { CSSProperties } from 'react';
import { CurrencyFlag } from '#src/ui/currency-flag.tsx';

const meta = {
  title: 'UI/CurrencyFlag',
  tags: ['autodocs'],
  component: CurrencyFlag,
  args: { code: 'EUR' },
  // The flag is decorative: a screen always writes the currency's code beside it.
  decorators: [
    (Story, { args }) => (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: '0.5em' }}>
        <Story />
        <span>{args.code}</span>
      </span>
    ),
  ],
} satisfies Meta<typeof CurrencyFlag>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The EU's flag stands for the euro. */
export const Euro: Story = {};
export const UsDollar: Story = { args: { code: 'USD' } };
/** A screen sizes its flags with the --flag-size custom property (the home page's rates board: 1.25rem). */
export const Larger: Story = {
  args: { code: 'JPY' },
  decorators: [
    (Story) => (
      <div style={{ '--flag-size': '2rem' } as CSSProperties}>
        <Story />
      </div>
    ),
  ],
};
/** A currency the shop knows no country for (the East Caribbean dollar, shared by eight): no flag, the code alone. */
export const NoCountry: Story = { args: { code: 'XCD' } };

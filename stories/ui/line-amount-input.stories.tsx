import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { LineAmountInput, type LineAmountInputProps } from '#src/ui/line-amount-input.tsx';
import { messages } from '#domain/messages.ts';

/**
 * A cart line as the header cart draws it: the currency's code, the box keeping what is typed, and
 * the line's error under it with the id the box is described by. A new `line` from the controls
 * starts it again.
 */
function CartLineDemo(args: LineAmountInputProps) {
  const [amount, setAmount] = useState(args.line.amount);
  return (
    <div style={{ display: 'flex', alignItems: 'baseline', gap: '0.75rem', flexWrap: 'wrap' }}>
      <span>{args.line.code}</span>
      <div>
        <LineAmountInput
          {...args}
          line={{ ...args.line, amount }}
          onChange={(typed) => {
            args.onChange(typed);
            setAmount(typed);
          }}
        />
        {args.line.error ? <p id={`${args.id}-error`}>{args.line.error}</p> : null}
      </div>
    </div>
  );
}

const meta = {
  title: 'UI/LineAmountInput',
  tags: ['autodocs'],
  component: LineAmountInput,
  args: { id: 'header-cart-line-1', line: { code: 'EUR', amount: '500' }, onChange: fn(), onBlur: fn() },
  render: (args) => <CartLineDemo key={JSON.stringify(args.line)} {...args} />,
} satisfies Meta<typeof LineAmountInput>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Euros: Story = {};
export const UsDollars: Story = { args: { id: 'header-cart-line-2', line: { code: 'USD', amount: '300' } } };
/** An amount not above 0: the box is marked invalid and described by the line's error. */
export const WithError: Story = { args: { line: { code: 'EUR', amount: '0', error: messages.amountGreaterThanZero } } };

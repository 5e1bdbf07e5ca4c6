import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { Tabs, type TabsProps } from '#src/ui/tabs.tsx';
import type { TransactionType } from '#domain/contract/catalogue.ts';
import { messages } from '#domain/messages.ts';

/** The calculator's tabs: 'sell' is the shop selling travel money, 'buy' the shop buying it back. */
const transactionTabs = [
  { id: 'sell', title: messages.buyTab },
  { id: 'buy', title: messages.sellTab },
] as const satisfies readonly { id: TransactionType; title: string }[];

const panels: Record<TransactionType, string> = { sell: messages.factFreeCollection, buy: messages.sellBackIntro };

/** Keeps the selection, so the tabs answer clicks and arrow keys; a new `selected` from the controls starts it again. */
function TabsDemo(args: TabsProps<TransactionType>) {
  const [selected, setSelected] = useState(args.selected);
  return (
    <Tabs
      {...args}
      selected={selected}
      onSelect={(id) => {
        args.onSelect(id);
        setSelected(id);
      }}
    >
      <p>{panels[selected]}</p>
    </Tabs>
  );
}

const meta = {
  title: 'UI/Tabs',
  tags: ['autodocs'],
  component: Tabs<TransactionType>,
  args: { label: messages.transactionTypeLabel, tabs: transactionTabs, selected: 'sell', onSelect: fn(), children: null },
  render: (args) => <TabsDemo key={args.selected} {...args} />,
} satisfies Meta<typeof Tabs<TransactionType>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const BuySelected: Story = {};
export const SellSelected: Story = { args: { selected: 'buy' } };

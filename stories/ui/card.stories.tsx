import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card } from '#src/ui/card.tsx';

const meta = {
  title: 'UI/Card',
  tags: ['autodocs'],
  component: Card,
  args: { title: 'Order summary', children: <p>2 currencies, £412.35</p> },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { selected: true, title: 'Thursday 12 June', headingLevel: 3 } };
export const Untitled: Story = { args: { title: undefined } };

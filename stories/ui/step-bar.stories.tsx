import type { Meta, StoryObj } from '@storybook/react-vite';
import { StepBar } from '#src/ui/step-bar.tsx';
import { messages } from '#domain/messages.ts';

const buySteps = [
  { id: 'review', label: messages.stepReview },
  { id: 'delivery', label: messages.stepDelivery },
  { id: 'details', label: messages.stepDetails },
  { id: 'payment', label: messages.stepPayment },
  { id: 'confirmation', label: messages.stepConfirmation },
];

const meta = {
  title: 'UI/StepBar',
  tags: ['autodocs'],
  component: StepBar,
  args: { steps: buySteps, currentId: 'details', label: 'Checkout progress' },
} satisfies Meta<typeof StepBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Details: Story = {};
export const Review: Story = { args: { currentId: 'review' } };
export const SellBack: Story = {
  args: {
    currentId: 'delivery',
    steps: [
      { id: 'review', label: messages.stepReview },
      { id: 'delivery', label: messages.stepCollection },
      { id: 'details', label: messages.stepDetails },
      { id: 'confirmation', label: messages.stepConfirmation },
    ],
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Radio, RadioGroup } from '#src/ui/radio-group.tsx';
import { buybackTooSmallMessage } from '#domain/guarantees.ts';
import { messages } from '#domain/messages.ts';

const meta = {
  title: 'UI/RadioGroup',
  tags: ['autodocs'],
  component: RadioGroup,
  args: {
    label: messages.buybackGuaranteeTitle,
    hint: messages.buybackGuaranteePromise,
    horizontal: true,
    children: (
      <>
        <Radio value="yes">{messages.yes}</Radio>
        <Radio value="no">{messages.no}</Radio>
      </>
    ),
  },
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Selected: Story = { args: { defaultValue: 'yes' } };
export const WithError: Story = { args: { error: messages.buybackRequired } };
export const Disabled: Story = { args: { isDisabled: true, hint: buybackTooSmallMessage({ isPartner: false }) } };
export const Vertical: Story = {
  args: {
    label: 'Delivery option',
    hint: undefined,
    horizontal: false,
    defaultValue: '2',
    children: (
      <>
        <Radio value="1" description="Delivered to your door">
          {messages.homeDelivery}
        </Radio>
        <Radio value="2" description="Pick up from a branch">
          {messages.clickAndCollect}
        </Radio>
      </>
    ),
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import type { Order } from '#domain/contract/order.ts';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { EmbedLayout } from '#src/app/layout.tsx';
import { PaymentResponseScreen } from '#src/screens/payment-response/payment-response-screen.tsx';
import { APP_ORIGIN, placed } from './checkout-story-support.tsx';

/** The page posts to its parent; in a story there is none, so the messages go nowhere. */
const nowhere = { postMessage: () => undefined };

function machineAnswering(answer: 'completed' | 'failed' | 'unreadable' | 'pending') {
  return paymentResponseMachine.provide({
    actors: {
      loadOrder: fromPromise<Order>(() => {
        if (answer === 'pending') return new Promise(() => {});
        if (answer === 'unreadable') return Promise.reject(new Error('Network error'));
        return Promise.resolve(answer === 'completed' ? placed.collect : { ...placed.collect, state: { value: 3 } });
      }),
    },
  });
}

interface StoryArgs {
  answer: 'completed' | 'failed' | 'unreadable' | 'pending';
}

const meta = {
  title: 'Checkout/Payment response',
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <EmbedLayout>
        <Story />
      </EmbedLayout>
    ),
  ],
  args: { answer: 'pending' } as StoryArgs,
  render: (args) => (
    <PaymentResponseScreen
      key={(args as StoryArgs).answer}
      machine={machineAnswering((args as StoryArgs).answer)}
      orderId="order-1"
      target={nowhere}
      targetOrigin={APP_ORIGIN}
    />
  ),
} satisfies Meta<StoryArgs>;
export default meta;
type Story = StoryObj<typeof meta>;

export const CheckingOrder: Story = {
  parameters: { machineStates: ['paymentResponse.checkingOrder'] },
  args: { answer: 'pending' },
};

/** The order could not be read: state unknown is reported and the page retries every second. */
export const Retrying: Story = {
  parameters: { machineStates: ['paymentResponse.retrying'] },
  args: { answer: 'unreadable' },
};

export const PaymentReceived: Story = {
  parameters: { machineStates: ['paymentResponse.paymentReceived'] },
  args: { answer: 'completed' },
};

export const PaymentFailed: Story = {
  parameters: { machineStates: ['paymentResponse.paymentFailed'] },
  args: { answer: 'failed' },
};

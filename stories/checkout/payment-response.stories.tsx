import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { Order } from '#domain/contract/order.ts';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { EmbedLayout } from '#src/app/layout.tsx';
import { PaymentResponseScreen } from '#src/screens/payment-response/payment-response-screen.tsx';
import { placed } from './checkout-story-support.tsx';
import { messages } from '#domain/messages.ts';
import { playChecks, type StateChecks } from '../support/play-checks.ts';

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

/** In a story nobody holds the iframe, so the page's reports go nowhere. */
function Page({ answer }: StoryArgs) {
  const actor = useActorRef(machineAnswering(answer), { input: { orderId: 'order-1' } });
  return <PaymentResponseScreen actor={actor} />;
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
  render: (args) => <Page key={(args as StoryArgs).answer} answer={(args as StoryArgs).answer} />,
  play: playChecks(() => checks),
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

// ------------------------------------------------------------------------------------------------
// What each state shows (spec 2.10): checked by every story's play function.
// ------------------------------------------------------------------------------------------------

const checks: StateChecks = {
  CheckingOrder: { texts: [messages.checkingPayment], absent: [messages.paymentStatusUnknown] },
  Retrying: { texts: [messages.checkingPayment, messages.paymentStatusUnknown] },
  PaymentReceived: { texts: [messages.checkingPayment] },
  PaymentFailed: { texts: [messages.checkingPayment] },
};

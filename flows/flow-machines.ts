/**
 * The machines whose statecharts are drawn (docs/flows/<name>.svg, Storybook's Flows section).
 * A new machine is one line here.
 */
import type { AnyStateMachine } from 'xstate';
import { branchFinderMachine } from '#machines/branch-finder/branch-finder.machine.ts';
import { calculatorMachine } from '#machines/calculator/calculator.machine.ts';
import { cartMachine } from '#machines/cart/cart.machine.ts';
import { countdownMachine } from '#machines/cart/countdown.machine.ts';
import { newLineMachine } from '#machines/cart/new-line.machine.ts';
import { noteMixMachine } from '#machines/note-mix/note-mix.machine.ts';
import { chartMachine } from '#machines/chart/chart.machine.ts';
import { manageOrderMachine } from '#machines/manage-order/manage-order.machine.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { fulfilmentMachine } from '#machines/fulfilment/fulfilment.machine.ts';
import { paymentFrameMachine } from '#machines/payment/payment-frame.machine.ts';
import { paymentResponseMachine } from '#machines/payment/payment-response.machine.ts';
import { readMachine } from '#machines/read/read.machine.ts';
import { authorisedCallMachine } from '#machines/session/authorised-call.machine.ts';
import { sessionMachine } from '#machines/session/session.machine.ts';
import { shopMachine } from '#machines/shop/shop.machine.ts';

export interface FlowMachine {
  /** The file name under docs/flows/ and the Storybook page's name. */
  name: string;
  machine: AnyStateMachine;
}

export const FLOW_MACHINES: readonly FlowMachine[] = [
  { name: 'shop', machine: shopMachine },
  { name: 'session', machine: sessionMachine },
  { name: 'authorised-call', machine: authorisedCallMachine },
  { name: 'calculator', machine: calculatorMachine },
  { name: 'cart', machine: cartMachine },
  { name: 'countdown', machine: countdownMachine },
  { name: 'new-line', machine: newLineMachine },
  { name: 'note-mix', machine: noteMixMachine },
  { name: 'branch-finder', machine: branchFinderMachine },
  { name: 'checkout', machine: checkoutMachine },
  { name: 'payment-frame', machine: paymentFrameMachine },
  { name: 'payment-response', machine: paymentResponseMachine },
  { name: 'chart', machine: chartMachine },
  { name: 'manage-order', machine: manageOrderMachine },
  { name: 'read', machine: readMachine },
  { name: 'fulfilment', machine: fulfilmentMachine },
];

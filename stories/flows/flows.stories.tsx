import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FlowSimulator } from './flow-simulator.tsx';

/**
 * Every statechart of the shop, drawn from the machine's own definition by the one generator of
 * `npm run flows` (flows/): states, nested and parallel states, initial and final states,
 * transitions with their events, guards by name [isX], delays and invoked actors. One page a
 * machine of flows/flow-machines.ts, opened on its top-level states (the others closed, a click
 * opens one), with pan and zoom, and Simulate: the chart played by hand from its initial state.
 */
const meta = {
  title: 'Flows',
  component: FlowSimulator,
  parameters: { layout: 'fullscreen', flow: false },
  // The page opens on the chart's top-level states, with the events its first state accepts.
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Simulate' });
    await expect(await canvas.findByRole('button', { name: 'Zoom in' })).toBeEnabled();
    await expect(await canvas.findByTestId('simulated-state')).not.toBeEmptyDOMElement();
  },
} satisfies Meta<typeof FlowSimulator>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shop: Story = { args: { name: 'shop' } };
export const Session: Story = { args: { name: 'session' } };
export const AuthorisedCall: Story = { args: { name: 'authorised-call' } };
export const Calculator: Story = { args: { name: 'calculator' } };
export const Cart: Story = { args: { name: 'cart' } };
export const Countdown: Story = { args: { name: 'countdown' } };
export const NewLine: Story = { args: { name: 'new-line' } };
export const NoteMix: Story = { args: { name: 'note-mix' } };
export const BranchFinder: Story = { args: { name: 'branch-finder' } };
export const Checkout: Story = { args: { name: 'checkout' } };
export const PaymentFrame: Story = { args: { name: 'payment-frame' } };
export const PaymentResponse: Story = { args: { name: 'payment-response' } };
export const Chart: Story = { args: { name: 'chart' } };
export const ManageOrder: Story = { args: { name: 'manage-order' } };
export const Read: Story = { args: { name: 'read' } };
export const Fulfilment: Story = { args: { name: 'fulfilment' } };

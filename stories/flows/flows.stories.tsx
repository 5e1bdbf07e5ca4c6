import type { Meta, StoryObj } from '@storybook/react-vite';
import { FlowDiagram } from './flow-diagram.tsx';

/**
 * Every statechart of the shop, drawn from the machine's own definition by `npm run flows`
 * (docs/flows/): states, nested and parallel states, initial and final states, transitions with
 * their events, guards by name [isX], delays and invoked actors. One page a machine of
 * flows/flow-machines.ts.
 */
const meta = {
  title: 'Flows',
  component: FlowDiagram,
  parameters: { layout: 'fullscreen', flow: false },
} satisfies Meta<typeof FlowDiagram>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shop: Story = { args: { name: 'shop' } };
export const Session: Story = { args: { name: 'session' } };
export const AuthorisedCall: Story = { args: { name: 'authorised-call' } };
export const Calculator: Story = { args: { name: 'calculator' } };
export const Cart: Story = { args: { name: 'cart' } };
export const Countdown: Story = { args: { name: 'countdown' } };
export const NewLine: Story = { args: { name: 'new-line' } };
export const BranchFinder: Story = { args: { name: 'branch-finder' } };
export const Checkout: Story = { args: { name: 'checkout' } };
export const PaymentFrame: Story = { args: { name: 'payment-frame' } };
export const PaymentResponse: Story = { args: { name: 'payment-response' } };
export const Chart: Story = { args: { name: 'chart' } };
export const ManageOrder: Story = { args: { name: 'manage-order' } };
export const Read: Story = { args: { name: 'read' } };

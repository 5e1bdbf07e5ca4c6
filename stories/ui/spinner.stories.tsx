import type { Meta, StoryObj } from '@storybook/react-vite';
import { Spinner } from '#src/ui/spinner.tsx';

const meta = { title: 'UI/Spinner', tags: ['autodocs'], component: Spinner, args: { label: 'Loading' } } satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Small: Story = {};
export const Large: Story = { args: { size: 'large' } };
export const WithVisibleLabel: Story = { args: { size: 'large', showLabel: true, label: 'Loading the payment form' } };

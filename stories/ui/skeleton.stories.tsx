import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton } from '#src/ui/skeleton.tsx';

const meta = { title: 'UI/Skeleton', tags: ['autodocs'], component: Skeleton, args: { lines: 3 } } satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Text: Story = {};
export const Block: Story = { args: { lines: 1, height: 120 } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Modal } from '#src/ui/modal.tsx';
import { Button } from '#src/ui/button.tsx';
import { messages } from '#domain/messages.ts';

function ModalDemo({ role, withClose }: { role: 'dialog' | 'alertdialog'; withClose: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal
        isOpen={open}
        onOpenChange={setOpen}
        role={role}
        title={role === 'alertdialog' ? messages.ohSnap : messages.amlTitle}
        closeLabel={withClose ? messages.close : undefined}
        actions={
          <>
            <Button onClick={() => setOpen(false)}>{messages.continue}</Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {messages.returnToHomepage}
            </Button>
          </>
        }
      >
        <p>{role === 'alertdialog' ? messages.noStock : messages.amlBody}</p>
      </Modal>
    </>
  );
}

const meta = {
  title: 'UI/Modal',
  tags: ['autodocs'],
  component: ModalDemo,
  args: { role: 'dialog', withClose: true },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ModalDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Dialog: Story = {};
export const AlertDialog: Story = { args: { role: 'alertdialog', withClose: false } };

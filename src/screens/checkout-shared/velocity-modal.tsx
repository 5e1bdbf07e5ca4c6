import { messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Modal } from '#src/ui/modal.tsx';

export interface VelocityModalProps {
  /** The order was refused by the velocity check (order state 1). */
  isOpen: boolean;
  /** The checkout is being abandoned after 'Return to the homepage'. */
  leavingHome: boolean;
  onHome: () => void;
  /** Escape or the close control: the modal closes, the page stays. */
  onDismiss: () => void;
}

/** The velocity-limit modal (spec 2.11, 8), on whichever page the order was refused. */
export function VelocityModal({ isOpen, leavingHome, onHome, onDismiss }: VelocityModalProps) {
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      role="alertdialog"
      title={messages.velocityTitle}
      closeLabel={messages.close}
      actions={
        <Button onClick={onHome} loading={leavingHome} loadingLabel={messages.clearingCart}>
          {messages.returnToHomepage}
        </Button>
      }
    >
      <p>{messages.velocityBody}</p>
    </Modal>
  );
}

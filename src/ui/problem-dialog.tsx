import { Button } from './button.tsx';
import { Modal } from './modal.tsx';

/** The parts of a problem document (RFC 9457) a visitor is shown. */
export interface ProblemSummary {
  title: string;
  detail?: string | null;
}

export interface ProblemDialogProps {
  /** The problem to show; null keeps the dialog closed. */
  problem: ProblemSummary | null;
  onClose: () => void;
  /** Text of the button that dismisses the dialog (e.g. messages.close). */
  closeLabel: string;
}

/** Shows an unhandled server problem's title and detail (spec 8). */
export function ProblemDialog({ problem, onClose, closeLabel }: ProblemDialogProps) {
  return (
    <Modal
      isOpen={problem !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      role="alertdialog"
      title={problem?.title ?? ''}
      actions={
        <Button variant="primary" onClick={onClose}>
          {closeLabel}
        </Button>
      }
    >
      {problem?.detail ? <p>{problem.detail}</p> : null}
    </Modal>
  );
}

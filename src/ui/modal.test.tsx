import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';
import { ProblemDialog } from './problem-dialog.tsx';

function Harness({ onChange }: { onChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <Modal
      isOpen={open}
      onOpenChange={(o) => {
        setOpen(o);
        onChange?.(o);
      }}
      title="Choose a branch"
      closeLabel="Close"
    >
      <button type="button">Confirm</button>
    </Modal>
  );
}

describe('Modal', () => {
  it('is a dialog named by its title with focus inside', async () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Choose a branch' });
    // react-aria moves focus in once the dialog is in the document (a frame later on a busy machine).
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  });

  it('closes on Escape', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    // Escape is pressed in the dialog, once react-aria has moved the focus there (a frame later on
    // a busy machine), as a shopper presses it.
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    expect(onChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its close control', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 4; i++) {
      await userEvent.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});

function PagedHarness() {
  const [open, setOpen] = useState(true);
  const [page, setPage] = useState(1);
  return (
    <Modal isOpen={open} onOpenChange={setOpen} title="Choose a branch" closeLabel="Close">
      <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
        Previous
      </button>
      {page < 2 ? (
        <button type="button" onClick={() => setPage(page + 1)}>
          Next
        </button>
      ) : null}
    </Modal>
  );
}

describe('Modal focus when a control goes away (spec 2.2)', () => {
  // A browser moves focus to the body when the focused control is disabled or removed; jsdom
  // leaves it on the disabled control, where keys do not reach the dialog either.
  it('takes focus back when the focused control becomes disabled, and Escape still closes it', async () => {
    render(<PagedHarness />);
    const dialog = screen.getByRole('dialog');
    const previous = screen.getByRole('button', { name: 'Previous' });
    await userEvent.click(previous);
    expect(previous).toBeDisabled();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('takes focus back when the focused control is removed', async () => {
    render(<PagedHarness />);
    const dialog = screen.getByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.tab();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});

describe('ProblemDialog', () => {
  it('shows the problem title and detail as an alert dialog', async () => {
    const onClose = vi.fn();
    render(<ProblemDialog problem={{ title: 'Cart not found', detail: 'No open cart.' }} onClose={onClose} closeLabel="Close" />);
    const dialog = screen.getByRole('alertdialog', { name: 'Cart not found' });
    expect(dialog).toHaveTextContent('No open cart.');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('renders nothing without a problem', () => {
    render(<ProblemDialog problem={null} onClose={() => {}} closeLabel="Close" />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

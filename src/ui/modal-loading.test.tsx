import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

describe('Modal before its code is here (decision 065)', () => {
  // A fresh copy of the module: its dialog's code not fetched yet, as on a page just drawn.
  const fresh = async () => {
    vi.resetModules();
    return import('./modal.tsx');
  };

  it('draws nothing while closed, and a dialog opened before its code arrived shows once it has', async () => {
    const { Modal: FreshModal } = await fresh();
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Choose a branch
          </button>
          <FreshModal isOpen={open} onOpenChange={setOpen} title="Branches near you" closeLabel="Close">
            <p>Leeds</p>
          </FreshModal>
        </>
      );
    }
    const { container } = render(<Opener />);
    expect(container.childElementCount).toBe(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose a branch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Branches near you' });
    expect(dialog).toHaveTextContent('Leeds');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('once its code is here, a dialog opens as it is drawn', async () => {
    const { Modal: FreshModal, loadModalDialog } = await fresh();
    await loadModalDialog();
    render(
      <FreshModal isOpen onOpenChange={() => {}} title="Branches near you">
        <p>Leeds</p>
      </FreshModal>,
    );
    expect(screen.getByRole('dialog', { name: 'Branches near you' })).toHaveTextContent('Leeds');
  });
});

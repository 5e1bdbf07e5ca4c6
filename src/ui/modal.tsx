import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { fetchedOnce } from './fetched-once.ts';
import { whenIdle } from './when-idle.ts';

export interface ModalProps {
  isOpen: boolean;
  /** Called with false when the dialog asks to close (Escape, the close control, or outside press). */
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons shown at the foot of the dialog. */
  actions?: ReactNode;
  /**
   * Accessible name of the close control; without it no close control is drawn, for dialogs
   * that must be answered through their own buttons.
   */
  closeLabel?: string;
  /** Close on a press outside the dialog. Escape always closes unless isKeyboardDismissDisabled. */
  isDismissable?: boolean;
  isKeyboardDismissDisabled?: boolean;
  /** alertdialog for messages that interrupt the flow (sold out, payment problems). */
  role?: 'dialog' | 'alertdialog';
  size?: 'default' | 'wide';
  className?: string;
}

type Dialog = ComponentType<ModalProps>;

const dialog = fetchedOnce<Dialog>(() => import('./modal-dialog.tsx').then((module) => module.ModalDialog));

/**
 * The dialog's code (./modal-dialog.tsx, with react-aria's overlays, focus scope and i18n), fetched
 * once. A page draws its dialogs closed, so they wait until the page is drawn (decision 065).
 */
export const loadModalDialog = dialog.load;

// Once the code is here, the dialog renders at once: React reads a thenable that has already
// answered without suspending. Only a dialog opened before it arrived waits for it (with nothing
// drawn in its place: the dialog shows over the page once its code is here).
const LazyDialog = lazy(() => {
  const here = dialog.now();
  return here === null
    ? loadModalDialog().then((code) => ({ default: code }))
    : // A thenable, not a promise: a promise would answer a microtask later, and React would suspend.
      ({ then: (resolve: (module: { default: Dialog }) => void) => resolve({ default: here }) } as unknown as Promise<{ default: Dialog }>);
});

/**
 * A modal dialog: focus is trapped inside, restored on close, and the title names the dialog.
 * Until it first opens it draws nothing, and its code is fetched once the browser is idle, so a
 * page that only might show a dialog does not wait for it.
 */
export function Modal(props: ModalProps) {
  const [opened, setOpened] = useState(props.isOpen);
  if (props.isOpen && !opened) setOpened(true);
  useEffect(() => (opened || dialog.now() !== null ? undefined : whenIdle(() => void loadModalDialog().catch(() => undefined))), [opened]);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <LazyDialog {...props} />
    </Suspense>
  );
}

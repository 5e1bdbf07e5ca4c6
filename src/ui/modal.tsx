import { useEffect, useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import styles from './modal.module.css';

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

/**
 * Keeps focus inside an open dialog. A browser drops focus to the page body when the focused
 * control becomes disabled or is removed (Previous on the first page, a button replaced by a
 * spinner); from the body, Tab and Escape no longer reach the dialog. Focus then goes back to the
 * dialog itself, so Escape still dismisses it and Tab starts again inside it.
 */
function useFocusStaysInside(element: HTMLElement | null) {
  useEffect(() => {
    if (!element) return;
    const recover = () => {
      const active = element.ownerDocument.activeElement;
      const lost = active === null || active === element.ownerDocument.body || (element.contains(active) && active.matches(':disabled'));
      if (element.isConnected && lost) element.focus({ preventScroll: true });
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget === null) queueMicrotask(recover);
    };
    const observer = new MutationObserver(recover);
    observer.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'inert', 'aria-hidden'] });
    element.addEventListener('focusout', onFocusOut);
    return () => {
      observer.disconnect();
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [element]);
}

/** A modal dialog: focus is trapped inside, restored on close, and the title names the dialog. */
export function Modal({
  isOpen,
  onOpenChange,
  title,
  children,
  actions,
  closeLabel,
  isDismissable = true,
  isKeyboardDismissDisabled = false,
  role = 'dialog',
  size = 'default',
  className,
}: ModalProps) {
  // A callback ref: the dialog mounts in a portal, possibly after this component's effects ran.
  const [dialog, setDialog] = useState<HTMLElement | null>(null);
  useFocusStaysInside(dialog);
  const modalClasses = [styles.modal, size === 'wide' ? styles.wide : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      className={styles.overlay}
    >
      <AriaModal className={modalClasses}>
        <Dialog ref={setDialog} role={role} className={styles.dialog}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                {closeLabel ? (
                  <button type="button" className={styles.close} onClick={close} aria-label={closeLabel}>
                    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" stroke="currentColor" strokeWidth="2">
                      <path d="M4 4l12 12M16 4L4 16" />
                    </svg>
                  </button>
                ) : null}
              </div>
              {children}
              {actions ? <div className={styles.actions}>{actions}</div> : null}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

import { useEffect, useState } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import type { ModalProps } from './modal.tsx';
import styles from './modal.module.css';

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

/**
 * The dialog itself, on react-aria's overlays (src/ui/modal.tsx loads it): focus is trapped
 * inside, restored on close, and the title names the dialog.
 */
export function ModalDialog({
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

import { formatMessage, messages } from '#domain/messages.ts';
import { Button } from '#src/ui/button.tsx';
import { Modal } from '#src/ui/modal.tsx';
import { VelocityModal } from '../checkout-shared/velocity-modal.tsx';
import type { CustomerInfoViewProps } from './customer-info-view.tsx';

type ModalProps = Pick<
  CustomerInfoViewProps,
  | 'content'
  | 'soldOut'
  | 'onChooseAnotherDate'
  | 'identificationRequired'
  | 'onIdentificationContinue'
  | 'onIdentificationHome'
  | 'onIdentificationDismiss'
  | 'velocityModalOpen'
  | 'leavingHome'
  | 'onVelocityHome'
  | 'onVelocityDismiss'
>;

/** What a submit can answer besides the next page: sold out, identification needed, the velocity check. */
export function CustomerInfoModals(props: ModalProps) {
  const { content } = props;
  return (
    <>
    <Modal
      isOpen={props.soldOut}
      // Closing it (the close control, Escape, a press outside, as on every modal) takes the
      // only way on: choosing another collection date.
      onOpenChange={(open) => {
        if (!open) props.onChooseAnotherDate();
      }}
      role="alertdialog"
      title={messages.ohSnap}
      closeLabel={messages.close}
      actions={<Button onClick={props.onChooseAnotherDate}>{messages.chooseAnotherCollectionDate}</Button>}
    >
      <p>{messages.noStock}</p>
    </Modal>

    <Modal
      isOpen={props.identificationRequired}
      // Closing it (the close control, Escape, a press outside) only closes it: the shopper is
      // back on the form; Continue and Return to the homepage are its two ways on.
      onOpenChange={(open) => {
        if (!open) props.onIdentificationDismiss();
      }}
      role="alertdialog"
      title={messages.amlTitle}
      closeLabel={messages.close}
      actions={
        <>
          <Button onClick={props.onIdentificationContinue}>{messages.continue}</Button>
          <Button variant="secondary" onClick={props.onIdentificationHome}>
            {messages.returnToHomepage}
          </Button>
        </>
      }
    >
      <p>{messages.amlBody}</p>
      <p>{content?.support ? formatMessage(messages.amlSupport, content.support) : messages.amlSupportNoLine}</p>
    </Modal>

    <VelocityModal isOpen={props.velocityModalOpen} leavingHome={props.leavingHome} onHome={props.onVelocityHome} onDismiss={props.onVelocityDismiss} />
    </>
  );
}

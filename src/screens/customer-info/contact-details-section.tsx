import { messages } from '#domain/messages.ts';
import type { CustomerInfoViewProps } from './customer-info-view.tsx';
import { CustomerTextField, type TextFieldProps } from './customer-text-field.tsx';
import styles from './customer-info.module.css';

/** Contact details: email (with the basket email note where it applies) and phone. */
export function ContactDetailsSection(props: TextFieldProps & Pick<CustomerInfoViewProps, 'showBasketEmailNote'>) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{messages.contactDetails}</legend>
      <div className={styles.pair}>
        <CustomerTextField
          {...props}
          field="emailAddress"
          label={messages.emailLabel}
          type="email"
          inputMode="email"
          autoComplete="email"
          hint={props.showBasketEmailNote ? messages.basketEmailNote : null}
        />
        <CustomerTextField {...props} field="phoneNumber" label={messages.phoneLabel} type="tel" inputMode="tel" autoComplete="tel" />
      </div>
    </fieldset>
  );
}

import { formatMessage, messages } from '#domain/messages.ts';
import { Checkbox } from '#src/ui/checkbox.tsx';
import type { CustomerInfoViewProps } from './customer-info-view.tsx';
import { fieldId } from './customer-text-field.tsx';
import styles from './customer-info.module.css';

/** Terms and conditions: the box the order cannot go without, and the link to read them. */
export function TermsSection({ form, errors, onChecked, bindField, content }: Pick<CustomerInfoViewProps, 'form' | 'errors' | 'onChecked' | 'bindField' | 'content'>) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{messages.termsAndConditions}</legend>
      <Checkbox
        id={fieldId('terms')}
        inputRef={bindField('terms')}
        isSelected={form.terms}
        onChange={(value) => onChecked('terms', value)}
        error={errors.terms ?? null}
        // Required, said without the browser's own validation (the form says what is missing).
        isRequired
        validationBehavior="aria"
        name="terms"
      >
        {formatMessage(messages.termsLabel, { terms: content?.termsLink.title ?? messages.termsAndConditions })}
      </Checkbox>
      {content ? (
        <p className={styles.links}>
          <a href={content.termsLink.link} target="_blank" rel="noreferrer">
            {content.termsLink.title}
          </a>
        </p>
      ) : null}
    </fieldset>
  );
}

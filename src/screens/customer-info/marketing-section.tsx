import { messages } from '#domain/messages.ts';
import { Checkbox } from '#src/ui/checkbox.tsx';
import type { CustomerInfoViewProps } from './customer-info-view.tsx';
import styles from './customer-info.module.css';

type ChoiceProps = Pick<CustomerInfoViewProps, 'form' | 'onChecked'>;

/** Marketing preferences, with the site's consent wording and privacy links. */
export function MarketingSection({ form, onChecked, content }: ChoiceProps & Pick<CustomerInfoViewProps, 'content'>) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{messages.marketingPreferences}</legend>
      {content ? <p>{content.marketingConsentPreamble}</p> : null}
      <Checkbox isSelected={form.marketing} onChange={(value) => onChecked('marketing', value)} name="marketing">
        {content?.marketingCheckboxLabel ?? messages.marketingPreferences}
      </Checkbox>
      {content ? (
        <p className={styles.links}>
          <a href={content.privacyLink.link}>{content.privacyLink.title}</a>
          {content.additionalPrivacyLink ? <a href={content.additionalPrivacyLink.link}>{content.additionalPrivacyLink.title}</a> : null}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The ABTA member's own two consent boxes. */
export function AbtaSection({ form, onChecked }: ChoiceProps) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{messages.abtaPreamble}</legend>
      <Checkbox
        isSelected={form.marketingABTATravelMoney}
        onChange={(value) => onChecked('marketingABTATravelMoney', value)}
        name="marketingABTATravelMoney"
      >
        {messages.abtaTravelMoney}
      </Checkbox>
      <Checkbox
        isSelected={form.marketingABTATravelInsurance}
        onChange={(value) => onChecked('marketingABTATravelInsurance', value)}
        name="marketingABTATravelInsurance"
      >
        {messages.abtaTravelInsurance}
      </Checkbox>
    </fieldset>
  );
}

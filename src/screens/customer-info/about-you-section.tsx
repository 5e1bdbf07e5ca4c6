import type { FocusEvent } from 'react';
import { DATE_PART_MAX_LENGTH, limitDatePart, type DatePart } from '#domain/customer.ts';
import { messages } from '#domain/messages.ts';
import type { CustomerInfoViewProps } from './customer-info-view.tsx';
import { CustomerTextField, fieldId, type TextFieldProps } from './customer-text-field.tsx';
import styles from './customer-info.module.css';

/** About you: first and last name, and the date of birth in three boxes. */
export function AboutYouSection(props: TextFieldProps & Pick<CustomerInfoViewProps, 'onLeaveDateOfBirth' | 'content'>) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>{messages.aboutYou}</legend>
      <div className={styles.pair}>
        <CustomerTextField {...props} field="firstName" label={messages.firstNameLabel} autoComplete="given-name" />
        <CustomerTextField {...props} field="lastName" label={messages.lastNameLabel} autoComplete="family-name" />
      </div>
      <DateOfBirth {...props} />
    </fieldset>
  );
}

type DateOfBirthProps = Pick<CustomerInfoViewProps, 'form' | 'errors' | 'onText' | 'onLeave' | 'onLeaveDateOfBirth' | 'bindField' | 'content'>;

const DATE_PARTS: { field: 'dobDay' | 'dobMonth' | 'dobYear'; part: DatePart; label: string; placeholder: string }[] = [
  { field: 'dobDay', part: 'day', label: messages.dayLabel, placeholder: 'DD' },
  { field: 'dobMonth', part: 'month', label: messages.monthLabel, placeholder: 'MM' },
  { field: 'dobYear', part: 'year', label: messages.yearLabel, placeholder: 'YYYY' },
];

/**
 * Three boxes, each limited to its digits. Focus stays where the shopper types (WCAG 3.2.2): a box
 * that moved on by itself after 2 digits sent a shopper who also pressed Tab past the month.
 */
export function DateOfBirth({ form, errors, onText, onLeave, onLeaveDateOfBirth, bindField, content }: DateOfBirthProps) {
  const error = errors.dobDay ?? errors.dobMonth ?? errors.dobYear ?? null;
  const hintId = 'customer-dob-hint';
  const errorId = 'customer-dob-error';
  // The content's help text may already say what the 18-or-over text says; it is said once.
  const hints = [...new Set([content?.dateOfBirthHelpText?.trim(), messages.ageHelpText].filter(Boolean))];

  const onGroupBlur = (event: FocusEvent<HTMLFieldSetElement>) => {
    // Only when focus leaves the three boxes: moving from day to month is not leaving.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeaveDateOfBirth();
  };

  return (
    <fieldset className={[styles.dateOfBirth, error ? styles.invalid : ''].filter(Boolean).join(' ')} onBlur={onGroupBlur}>
      <legend className={styles.fieldLegend}>{messages.dateOfBirthLabel}</legend>
      <p id={hintId} className={styles.hint}>
        {hints.join(' ')}
        {content?.dateOfBirthTooltip ? <span className={styles.tooltip}> {content.dateOfBirthTooltip}</span> : null}
      </p>
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.dateParts}>
        {DATE_PARTS.map(({ field, part, label, placeholder }) => {
          const bind = bindField(field);
          return (
            <div key={field} className={styles.datePart}>
              <label htmlFor={fieldId(field)} className={styles.dateLabel}>
                {label}
              </label>
              <input
                id={fieldId(field)}
                ref={bind}
                name={field}
                className={[styles.dateInput, part === 'year' ? styles.year : ''].filter(Boolean).join(' ')}
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete={part === 'day' ? 'bday-day' : part === 'month' ? 'bday-month' : 'bday-year'}
                placeholder={placeholder}
                maxLength={DATE_PART_MAX_LENGTH[part]}
                size={DATE_PART_MAX_LENGTH[part] + 1}
                value={form[field]}
                aria-required="true"
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={[error ? errorId : null, hintId].filter(Boolean).join(' ')}
                onChange={(event) => onText(field, limitDatePart(part, event.target.value))}
                onBlur={() => onLeave(field)}
              />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

import { FIELD_MAX_LENGTH, type CustomerField, type LimitedField } from '#domain/customer.ts';
import { messages } from '#domain/messages.ts';
import { TextInput } from '#src/ui/text-input.tsx';
import type { CustomerInfoViewProps } from './customer-info-view.tsx';

export const fieldId = (field: CustomerField) => `customer-${field}`;

/** What every text box of the form reads and sends. */
export type TextFieldProps = Pick<CustomerInfoViewProps, 'form' | 'errors' | 'notices' | 'bindField' | 'onText' | 'onLeave'>;

interface TextFieldSpec {
  field: LimitedField;
  label: string;
  autoComplete: string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel';
  optional?: boolean;
  hint?: string | null;
}

/** One text box of the customer form, with its error and its full-box notice. */
export function CustomerTextField({ form, errors, notices, bindField, onText, onLeave, ...spec }: TextFieldProps & TextFieldSpec) {
  return (
    <TextInput
      id={fieldId(spec.field)}
      ref={bindField(spec.field)}
      name={spec.field}
      label={spec.label}
      labelSuffix={spec.optional ? messages.optional : undefined}
      hint={spec.hint ?? undefined}
      error={errors[spec.field] ?? null}
      notice={notices[spec.field] ?? null}
      type={spec.type ?? 'text'}
      inputMode={spec.inputMode}
      autoComplete={spec.autoComplete}
      maxLength={FIELD_MAX_LENGTH[spec.field]}
      aria-required={spec.optional ? undefined : true}
      value={form[spec.field] ?? ''}
      onChange={(event) => onText(spec.field, event.target.value)}
      onBlur={() => onLeave(spec.field)}
    />
  );
}

/**
 * The customer information form (spec 5.2) and the customer details it submits (spec 3). The
 * browser validates the form as typed with CustomerFormSchema; the server validates the submitted
 * details with CustomerDetailsSchema, which applies the same rules and messages.
 *
 * Limits: the messages keep the figure the shop has always shown (250) while the applied limits
 * are email 500, phone 50, postcode 50 and 250 for the rest. A box filled to its limit says so as
 * a notice (it is still submitted); text longer than the limit is refused with the same message.
 */
import { isValidPhoneNumber, type MetadataJson } from 'libphonenumber-js/core';
import ukPhoneNumbering from './phone-metadata-uk.json';
import { isValid as isValidPostcode, toArea } from 'postcode';
import * as v from 'valibot';
import { londonDateKey } from './availability.ts';
import type { ProductId } from './contract/catalogue.ts';
import { storable } from './contract/common.ts';
import { messages } from './messages.ts';
import { PRODUCT, isSellBack } from './products.ts';
import { EMAIL_MAX_LENGTH, EmailSchema } from './email.ts';
import { dateOfBirthIso } from './birth-date.ts';

export { dateOfBirthIso };

export { EMAIL_MAX_LENGTH, EmailSchema };

export const PHONE_MAX_LENGTH = 50;
export const POSTCODE_MAX_LENGTH = 50;
export const TEXT_MAX_LENGTH = 250;
export const NAME_MIN_LENGTH = 2;
export const PHONE_MIN_LENGTH = 2;
export const MIN_BIRTH_YEAR = 1900;
export const COUNTRY = 'United Kingdom';

/** The text fields with a limit applied as typed (the box holds no more), and that limit. */
export type LimitedField = 'emailAddress' | 'phoneNumber' | 'firstName' | 'lastName' | 'houseNameNumber' | 'addressLine1' | 'addressLine2' | 'townCity' | 'postcodeZip';
export const FIELD_MAX_LENGTH: Readonly<Record<LimitedField, number>> = {
  emailAddress: EMAIL_MAX_LENGTH,
  phoneNumber: PHONE_MAX_LENGTH,
  firstName: TEXT_MAX_LENGTH,
  lastName: TEXT_MAX_LENGTH,
  houseNameNumber: TEXT_MAX_LENGTH,
  addressLine1: TEXT_MAX_LENGTH,
  addressLine2: TEXT_MAX_LENGTH,
  townCity: TEXT_MAX_LENGTH,
  postcodeZip: POSTCODE_MAX_LENGTH,
};

export function isLimitedField(field: string): field is LimitedField {
  return Object.hasOwn(FIELD_MAX_LENGTH, field);
}

/**
 * A full box (its text has reached the applied limit) tells the shopper with the
 * maximum-characters message. It is a notice, not an error: a full field is still submitted; only
 * text longer than the limit is refused, by the schemas below, with the same message.
 */
export function maxLengthNotice(field: CustomerField, form: CustomerForm): string | null {
  if (!isLimitedField(field)) return null;
  return (form[field] ?? '').length >= FIELD_MAX_LENGTH[field] ? messages.maxCharacters : null;
}

export type CustomerFormNotices = Partial<Record<LimitedField, string>>;

/** The notice of every full field. */
export function customerFormNotices(form: CustomerForm): CustomerFormNotices {
  const notices: CustomerFormNotices = {};
  for (const field of Object.keys(FIELD_MAX_LENGTH) as LimitedField[]) {
    const notice = maxLengthNotice(field, form);
    if (notice !== null) notices[field] = notice;
  }
  return notices;
}

/** Names keep letters, space, apostrophe, comma, period and hyphen; the rest is stripped as typed. */
export function stripNameCharacters(text: string): string {
  return text.replace(/[^\p{L}\p{M} ',.-]/gu, '');
}

/** A valid phone number read with the UK as the default region ('07911 123456', '+44 ...'). */
export function isUkPhoneNumber(text: string): boolean {
  // The +44 numbering plans alone (scripts/phone-metadata.ts), not every country's: only a UK-region number is taken.
  return isValidPhoneNumber(text.trim(), 'GB', ukPhoneNumbering as unknown as MetadataJson);
}

export function isUkPostcode(text: string): boolean {
  return isValidPostcode(text.trim());
}

/**
 * Postcode areas of the UK's postcode system outside Great Britain: Northern Ireland (BT),
 * Guernsey (GY), Jersey (JE) and the Isle of Man (IM).
 */
export const NOT_GREAT_BRITAIN_AREAS: readonly string[] = ['BT', 'GY', 'JE', 'IM'];

/**
 * Spec 5.2: 'Address search is restricted to Great Britain'. A valid postcode of Northern
 * Ireland, the Channel Islands or the Isle of Man is not searched (the shopper types the address).
 */
export function isOutsideGreatBritain(postcode: string): boolean {
  const text = postcode.trim();
  if (!isValidPostcode(text)) return false;
  return NOT_GREAT_BRITAIN_AREAS.includes((toArea(text) ?? '').toUpperCase());
}

// --- date of birth -------------------------------------------------------------------------

export type DatePart = 'day' | 'month' | 'year';
export const DATE_PART_MAX_LENGTH: Readonly<Record<DatePart, number>> = { day: 2, month: 2, year: 4 };

/** What a date box keeps of typed text: digits only, at most 2, 2 or 4 of them. */
export function limitDatePart(part: DatePart, text: string): string {
  return text.replace(/\D/g, '').slice(0, DATE_PART_MAX_LENGTH[part]);
}

/** A single-digit day or month gets a leading 0 ('5' -> '05'); years are left alone. */
export function padDatePart(part: DatePart, text: string): string {
  return part !== 'year' && /^\d$/.test(text) ? `0${text}` : text;
}

type Clock = Date | (() => Date);
const read = (clock: Clock): Date => (typeof clock === 'function' ? clock() : clock);

/** A real ISO date from 1900 to the current year (Europe/London) and not in the future. */
export function isValidBirthDate(iso: string, now: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match || dateOfBirthIso(match[3] ?? '', match[2] ?? '', match[1] ?? '') !== iso) return false;
  const today = londonDateKey(now);
  return Number(match[1]) >= MIN_BIRTH_YEAR && iso <= today;
}

// --- schemas -------------------------------------------------------------------------------

// Text the shop could not keep (NUL, half a surrogate pair) is refused before any other rule;
// names need no such check: stripNameCharacters keeps letters only.
const required = (message: string) => v.pipe(v.string(), storable(), v.trim(), v.nonEmpty(message));



const PhoneSchema = v.pipe(
  v.string(),
  storable(),
  v.trim(),
  v.nonEmpty(messages.phoneRequired),
  v.maxLength(PHONE_MAX_LENGTH, messages.maxCharacters),
  v.minLength(PHONE_MIN_LENGTH, messages.phoneInvalid),
  v.check(isUkPhoneNumber, messages.phoneInvalid),
);

const nameSchema = (requiredMessage: string, tooShortMessage: string) =>
  v.pipe(
    v.string(),
    v.transform(stripNameCharacters),
    v.trim(),
    v.nonEmpty(requiredMessage),
    v.minLength(NAME_MIN_LENGTH, tooShortMessage),
    v.maxLength(TEXT_MAX_LENGTH, messages.maxCharacters),
  );

const FirstNameSchema = nameSchema(messages.firstNameRequired, messages.firstNameTooShort);
const LastNameSchema = nameSchema(messages.lastNameRequired, messages.lastNameTooShort);

const requiredText = (message: string) => v.pipe(required(message), v.maxLength(TEXT_MAX_LENGTH, messages.maxCharacters));
const HouseSchema = requiredText(messages.houseNameNumberRequired);
const Line1Schema = requiredText(messages.addressLine1Required);
const Line2Schema = v.optional(v.pipe(v.string(), storable(), v.trim(), v.maxLength(TEXT_MAX_LENGTH, messages.maxCharacters)), '');
const TownSchema = requiredText(messages.townCityRequired);
const PostcodeSchema = v.pipe(
  v.string(),
  storable(),
  v.trim(),
  v.nonEmpty(messages.postcodeRequired),
  v.maxLength(POSTCODE_MAX_LENGTH, messages.maxCharacters),
  v.check(isUkPostcode, messages.postcodeInvalid),
  v.toUpperCase(),
);
const TermsSchema = v.pipe(
  v.boolean(messages.termsRequired),
  v.check((ticked) => ticked, messages.termsRequired),
);

const dobPart = (pattern: RegExp, min: number, max: (now: Date) => number, clock: Clock) =>
  v.pipe(
    v.string(messages.dateOfBirthInvalid),
    v.trim(),
    v.regex(pattern, messages.dateOfBirthInvalid),
    v.check((text) => Number(text) >= min && Number(text) <= max(read(clock)), messages.dateOfBirthInvalid),
  );

/** The form as typed: strings in every box, booleans in the checkboxes. */
export function customerFormSchema(clock: Clock) {
  return v.pipe(
    v.object({
      emailAddress: EmailSchema,
      phoneNumber: PhoneSchema,
      firstName: FirstNameSchema,
      lastName: LastNameSchema,
      dobDay: dobPart(/^\d{1,2}$/, 1, () => 31, clock),
      dobMonth: dobPart(/^\d{1,2}$/, 1, () => 12, clock),
      dobYear: dobPart(/^\d{4}$/, MIN_BIRTH_YEAR, (now) => Number(londonDateKey(now).slice(0, 4)), clock),
      houseNameNumber: HouseSchema,
      addressLine1: Line1Schema,
      addressLine2: Line2Schema,
      townCity: TownSchema,
      postcodeZip: PostcodeSchema,
      marketing: v.boolean(),
      marketingABTATravelMoney: v.boolean(),
      marketingABTATravelInsurance: v.boolean(),
      terms: TermsSchema,
    }),
    // The parts are each plausible here; together they must be a real date that has happened.
    v.forward(
      v.partialCheck(
        [['dobDay'], ['dobMonth'], ['dobYear']],
        (input) => {
          const iso = dateOfBirthIso(input.dobDay, input.dobMonth, input.dobYear);
          return iso !== null && isValidBirthDate(iso, read(clock));
        },
        messages.dateOfBirthInvalid,
      ),
      ['dobDay'],
    ),
  );
}

/** The form schema on the real clock, read when it validates. */
export const CustomerFormSchema = customerFormSchema(() => new Date());
export type CustomerForm = v.InferInput<typeof CustomerFormSchema>;
export type ValidCustomerForm = v.InferOutput<typeof CustomerFormSchema>;
export type CustomerField = keyof CustomerForm;

/** The customer details as submitted to PUT /api/order/customer-info. */
export function customerDetailsSchema(clock: Clock) {
  return v.object({
    firstName: FirstNameSchema,
    lastName: LastNameSchema,
    emailAddress: EmailSchema,
    phoneNumber: PhoneSchema,
    dateOfBirth: v.pipe(
      v.string(messages.dateOfBirthInvalid),
      v.check((iso) => isValidBirthDate(iso, read(clock)), messages.dateOfBirthInvalid),
    ),
    terms: TermsSchema,
    marketing: v.boolean(),
    // The ABTA opt-ins have a site setting of their own: a form without them sends no answer.
    marketingABTATravelMoney: v.optional(v.boolean(), false),
    marketingABTATravelInsurance: v.optional(v.boolean(), false),
    address: v.object({
      houseNameNumber: HouseSchema,
      addressLine1: Line1Schema,
      addressLine2: Line2Schema,
      townCity: TownSchema,
      postcodeZip: PostcodeSchema,
      country: v.literal(COUNTRY),
    }),
  });
}

export const CustomerDetailsSchema = customerDetailsSchema(() => new Date());
export type CustomerDetails = v.InferOutput<typeof CustomerDetailsSchema>;

/** The wire shape from a validated form: ISO date of birth, upper-case postcode, fixed country. */
export function toCustomerDetails(form: ValidCustomerForm): CustomerDetails {
  const dateOfBirth = dateOfBirthIso(form.dobDay, form.dobMonth, form.dobYear);
  if (dateOfBirth === null) throw new RangeError('toCustomerDetails needs a validated form');
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    emailAddress: form.emailAddress,
    phoneNumber: form.phoneNumber,
    dateOfBirth,
    terms: form.terms,
    marketing: form.marketing,
    marketingABTATravelMoney: form.marketingABTATravelMoney,
    marketingABTATravelInsurance: form.marketingABTATravelInsurance,
    address: {
      houseNameNumber: form.houseNameNumber,
      addressLine1: form.addressLine1,
      addressLine2: form.addressLine2,
      townCity: form.townCity,
      postcodeZip: form.postcodeZip.toUpperCase(),
      country: COUNTRY,
    },
  };
}

// --- validation results and focus ------------------------------------------------------------

export type CustomerFormErrors = Partial<Record<CustomerField, string>>;

/** On a failed submit focus goes to the first invalid field in this order (spec 5.2). */
export const FOCUS_ORDER: readonly CustomerField[] = [
  'emailAddress',
  'phoneNumber',
  'firstName',
  'lastName',
  'dobDay',
  'dobMonth',
  'dobYear',
  'houseNameNumber',
  'addressLine1',
  'addressLine2',
  'townCity',
  'postcodeZip',
  'terms',
];

/** Address fields are scrolled into view when they take focus. */
export const ADDRESS_FIELDS: readonly CustomerField[] = ['houseNameNumber', 'addressLine1', 'addressLine2', 'townCity', 'postcodeZip'];

export function firstInvalidField(errors: CustomerFormErrors): CustomerField | null {
  return FOCUS_ORDER.find((field) => errors[field] !== undefined) ?? null;
}

/** The first message of each invalid field. */
export function customerFormErrors(issues: readonly v.BaseIssue<unknown>[]): CustomerFormErrors {
  const nested = v.flatten(issues as [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]).nested ?? {};
  const errors: CustomerFormErrors = {};
  for (const field of FOCUS_ORDER) {
    const first = (nested as Record<string, readonly string[] | undefined>)[field]?.[0];
    if (first !== undefined) errors[field] = first;
  }
  return errors;
}

export type CustomerFormResult =
  | { success: true; details: CustomerDetails; errors: Record<string, never> }
  | { success: false; errors: CustomerFormErrors; firstInvalid: CustomerField | null };

/** Validates the form as typed and, when valid, builds the details to submit. */
export function validateCustomerForm(form: CustomerForm, now: Date): CustomerFormResult {
  const result = v.safeParse(customerFormSchema(now), form);
  if (result.success) return { success: true, details: toCustomerDetails(result.output), errors: {} };
  const errors = customerFormErrors(result.issues);
  return { success: false, errors, firstInvalid: firstInvalidField(errors) };
}

/** One field's message, for validation as the shopper leaves a field. */
export function customerFieldError(field: CustomerField, form: CustomerForm, now: Date): string | null {
  const result = validateCustomerForm(form, now);
  return result.success ? null : (result.errors[field] ?? null);
}

// --- the form around the fields --------------------------------------------------------------

/** An empty form; marketing starts from the site setting. */
export function emptyCustomerForm(settings: { marketingDefault: boolean }): CustomerForm {
  return {
    emailAddress: '',
    phoneNumber: '',
    firstName: '',
    lastName: '',
    dobDay: '',
    dobMonth: '',
    dobYear: '',
    houseNameNumber: '',
    addressLine1: '',
    addressLine2: '',
    townCity: '',
    postcodeZip: '',
    marketing: settings.marketingDefault,
    marketingABTATravelMoney: false,
    marketingABTATravelInsurance: false,
    terms: false,
  };
}

/**
 * The details form filled in from the details an order already holds (a home delivery moved to a
 * branch goes through the details step again): every field but the agreement to the terms, which
 * the shopper gives again, and the marketing choices, which stay as the form sets them.
 */
export function customerFormOf(customer: { firstName: string; lastName: string; email: string; phoneNumber: string; dateOfBirth: string; address: { houseNameNumber: string; addressLine1: string; addressLine2?: string | null; townCity: string; postcodeZip: string } }): Partial<CustomerForm> {
  const [year = '', month = '', day = ''] = customer.dateOfBirth.split('-');
  return {
    emailAddress: customer.email,
    phoneNumber: customer.phoneNumber,
    firstName: customer.firstName,
    lastName: customer.lastName,
    dobDay: day,
    dobMonth: month,
    dobYear: year,
    houseNameNumber: customer.address.houseNameNumber,
    addressLine1: customer.address.addressLine1,
    addressLine2: customer.address.addressLine2 ?? '',
    townCity: customer.address.townCity,
    postcodeZip: customer.address.postcodeZip,
  };
}

/** 'Billing address', or 'Your address' for sell-back. */
export function addressLegend(productId: ProductId): string {
  return isSellBack(productId) ? messages.yourAddress : messages.billingAddress;
}

/** Home delivery orders say the payment card must be registered to the delivery address. */
export function showsCardAddressNotice(productId: ProductId): boolean {
  return productId === PRODUCT.HOME_DELIVERY;
}

/** The marketing block needs its site setting and a product other than sell-back. */
export function showsMarketing(settings: { showMarketingPreference: boolean }, productId: ProductId): boolean {
  return settings.showMarketingPreference && !isSellBack(productId);
}

export function showsAbta(settings: { showAbtaPreference: boolean }): boolean {
  return settings.showAbtaPreference;
}

/** The basket-link email note shows only where the site is allowed to send it. */
export function showsBasketEmailNote(site: { isSiteAllowed: boolean }): boolean {
  return site.isSiteAllowed;
}

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  isOutsideGreatBritain,
  addressLegend,
  customerDetailsSchema,
  CustomerDetailsSchema,
  customerFieldError,
  customerFormNotices,
  CustomerFormSchema,
  dateOfBirthIso,
  emptyCustomerForm,
  firstInvalidField,
  FOCUS_ORDER,
  isValidBirthDate,
  FIELD_MAX_LENGTH,
  limitDatePart,
  maxLengthNotice,
  padDatePart,
  showsAbta,
  showsBasketEmailNote,
  showsCardAddressNotice,
  showsMarketing,
  stripNameCharacters,
  toCustomerDetails,
  validateCustomerForm,
  type CustomerForm,
} from './customer.ts';
import { isLaxEmail } from './email.ts';

/** Wednesday 25 November 2026, 10:00 in London. */
const now = new Date('2026-11-25T10:00:00Z');

const valid: CustomerForm = {
  emailAddress: 'jo.bloggs@example.co.uk',
  phoneNumber: '07911 123456',
  firstName: "Jo-Anne O'Neil",
  lastName: 'Bloggs',
  dobDay: '05',
  dobMonth: '03',
  dobYear: '1984',
  houseNameNumber: '10',
  addressLine1: 'Downing Street',
  addressLine2: '',
  townCity: 'London',
  postcodeZip: 'sw1a 2aa',
  marketing: true,
  marketingABTATravelMoney: false,
  marketingABTATravelInsurance: true,
  terms: true,
};

const maxChars = "You've used the maximum number of characters available (250)";
const dobInvalid = 'Please enter a valid date of birth';

function errorOf(field: keyof CustomerForm, value: unknown): string | null {
  return customerFieldError(field, { ...valid, [field]: value } as CustomerForm, now);
}

describe('a valid form', () => {
  it('builds the submitted customer details', () => {
    const result = validateCustomerForm(valid, now);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.details).toEqual({
      firstName: "Jo-Anne O'Neil",
      lastName: 'Bloggs',
      emailAddress: 'jo.bloggs@example.co.uk',
      phoneNumber: '07911 123456',
      dateOfBirth: '1984-03-05',
      terms: true,
      marketing: true,
      marketingABTATravelMoney: false,
      marketingABTATravelInsurance: true,
      address: {
        houseNameNumber: '10',
        addressLine1: 'Downing Street',
        addressLine2: '',
        townCity: 'London',
        postcodeZip: 'SW1A 2AA',
        country: 'United Kingdom',
      },
    });
    expect(v.is(customerDetailsSchema(now), result.details)).toBe(true);
  });

  it('trims and pads what was typed', () => {
    const result = validateCustomerForm(
      { ...valid, firstName: '  Jo  ', emailAddress: ' jo@example.com ', dobDay: '5', dobMonth: '3' },
      now,
    );
    expect(result.success && result.details).toMatchObject({
      firstName: 'Jo',
      emailAddress: 'jo@example.com',
      dateOfBirth: '1984-03-05',
    });
  });

  it('is accepted by the schema on the real clock', () => {
    expect(v.safeParse(CustomerFormSchema, valid).success).toBe(true);
    const parsed = v.parse(CustomerFormSchema, valid);
    expect(v.is(CustomerDetailsSchema, toCustomerDetails(parsed))).toBe(true);
  });
});

describe('field rules and messages (spec 5.2)', () => {
  it.each([
    // email: required; valid format; 500 applied, message says 250
    ['emailAddress', '', 'Please enter your email address'],
    ['emailAddress', '   ', 'Please enter your email address'],
    ['emailAddress', 'jo@', 'Please enter a valid email address'],
    ['emailAddress', 'jo.example.com', 'Please enter a valid email address'],
    ['emailAddress', `${'a'.repeat(250)}@example.com`, null],
    ['emailAddress', `${'a'.repeat(489)}@example.com`, maxChars],
    // phone: required; valid UK-region number; at least 2; 50 applied
    ['phoneNumber', '', 'Please enter your phone number'],
    ['phoneNumber', '1', 'Please enter a valid phone number'],
    ['phoneNumber', '0123', 'Please enter a valid phone number'],
    ['phoneNumber', '020 7946 0958', null],
    ['phoneNumber', '+44 7911 123456', null],
    // A UK-region number: Great Britain and Northern Ireland, and the islands that share +44 (a Jersey landline); not another country's.
    ['phoneNumber', '028 9018 0000', null],
    ['phoneNumber', '01534 447000', null],
    ['phoneNumber', '+33 1 42 68 53 00', 'Please enter a valid phone number'],
    ['phoneNumber', '+1 212 555 0100', 'Please enter a valid phone number'],
    ['phoneNumber', `07911 123456${' '.repeat(40)}x`, maxChars],
    // names
    ['firstName', '', 'Please enter your firstname'],
    ['firstName', '123', 'Please enter your firstname'],
    ['firstName', 'J', 'First name must be at least 2 characters'],
    ['firstName', ' J ', 'First name must be at least 2 characters'],
    ['firstName', 'Zoë', null],
    ['firstName', 'a'.repeat(250), null],
    ['firstName', 'a'.repeat(251), maxChars],
    ['lastName', '', 'Please enter your last name'],
    ['lastName', 'B', 'Last name must be at least 2 characters'],
    ['lastName', 'St. John-Smith, Jr', null],
    ['lastName', 'b'.repeat(251), maxChars],
    // address
    ['houseNameNumber', '', 'Please enter your house name or number'],
    ['houseNameNumber', 'h'.repeat(251), maxChars],
    ['addressLine1', '', 'Please fill in the first line of your address'],
    ['addressLine1', 'l'.repeat(251), maxChars],
    ['addressLine2', 'l'.repeat(251), maxChars],
    ['addressLine2', undefined, null],
    ['townCity', '', 'Please enter your town, city or village'],
    ['townCity', 't'.repeat(251), maxChars],
    ['postcodeZip', '', 'Please enter your post code'],
    ['postcodeZip', '12345', 'Please enter a valid post code'],
    ['postcodeZip', 'SW1A', 'Please enter a valid post code'],
    ['postcodeZip', 'm1 1ae', null],
    ['postcodeZip', `SW1A 2AA${' '.repeat(43)}`, null],
    ['postcodeZip', `SW1A${' '.repeat(44)}2AA`, maxChars],
    // terms
    ['terms', false, 'Please accept the terms and conditions'],
  ] as const)('%s = %j: %s', (field, value, message) => {
    expect(errorOf(field, value)).toBe(message);
  });
});

describe('a full field (spec 5.2: email 500, phone 50, postcode 50, the rest 250 applied; the message says 250)', () => {
  /** Text of exactly `length` characters that passes the field's other rules. */
  const fill = (field: keyof typeof FIELD_MAX_LENGTH, length: number): string => {
    if (field === 'emailAddress') return `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    if (field === 'phoneNumber') return `07911 123456${' '.repeat(length - '07911 123456'.length)}`;
    if (field === 'postcodeZip') return `SW1A 2AA${' '.repeat(length - 'SW1A 2AA'.length)}`;
    return 'a'.repeat(length);
  };

  it('applies the spec limits', () => {
    expect(FIELD_MAX_LENGTH).toEqual({
      emailAddress: 500,
      phoneNumber: 50,
      firstName: 250,
      lastName: 250,
      houseNameNumber: 250,
      addressLine1: 250,
      addressLine2: 250,
      townCity: 250,
      postcodeZip: 50,
    });
  });

  it.each([
    ['emailAddress', 499, null],
    ['emailAddress', 500, maxChars],
    ['phoneNumber', 49, null],
    ['phoneNumber', 50, maxChars],
    ['postcodeZip', 49, null],
    ['postcodeZip', 50, maxChars],
    ['firstName', 249, null],
    ['firstName', 250, maxChars],
    ['lastName', 250, maxChars],
    ['houseNameNumber', 249, null],
    ['houseNameNumber', 250, maxChars],
    ['addressLine1', 250, maxChars],
    ['addressLine2', 249, null],
    ['addressLine2', 250, maxChars],
    ['townCity', 250, maxChars],
  ] as const)('%s with %i characters: notice %j, and no error', (field, length, notice) => {
    const form = { ...valid, [field]: fill(field, length) };
    expect(maxLengthNotice(field, form)).toBe(notice);
    expect(customerFieldError(field, form, now)).toBeNull();
  });

  it.each([
    ['emailAddress', 501],
    ['phoneNumber', 51],
    ['postcodeZip', 51],
    ['firstName', 251],
    ['addressLine1', 251],
    ['addressLine2', 251],
  ] as const)('%s with %i characters is refused with the same message', (field, length) => {
    const form = { ...valid, [field]: field === 'emailAddress' ? fill(field, length) : 'a'.repeat(length) };
    expect(form[field]).toHaveLength(length);
    expect(maxLengthNotice(field, form)).toBe(maxChars);
    expect(customerFieldError(field, form, now)).toBe(maxChars);
  });

  it('a full form is still submitted', () => {
    const full = { ...valid, emailAddress: fill('emailAddress', 500), addressLine1: fill('addressLine1', 250), addressLine2: fill('addressLine2', 250) };
    expect(customerFormNotices(full)).toEqual({ emailAddress: maxChars, addressLine1: maxChars, addressLine2: maxChars });
    const result = validateCustomerForm(full, now);
    expect(result.success).toBe(true);
    expect(result.success && result.details.emailAddress).toHaveLength(500);
    expect(result.success && result.details.address.addressLine1).toHaveLength(250);
  });

  it('has no notices for the date boxes, the checkboxes or an empty form', () => {
    expect(customerFormNotices(valid)).toEqual({});
    expect(customerFormNotices(emptyCustomerForm({ marketingDefault: false }))).toEqual({});
    expect(maxLengthNotice('dobYear', { ...valid, dobYear: '1984' })).toBeNull();
    expect(maxLengthNotice('terms', valid)).toBeNull();
    expect(maxLengthNotice('addressLine2', { ...valid, addressLine2: undefined })).toBeNull();
  });
});

describe('date of birth', () => {
  it.each([
    ['05', '03', '1984', null],
    ['29', '02', '2024', null],
    ['29', '02', '2023', dobInvalid],
    ['31', '04', '1990', dobInvalid],
    ['00', '01', '1990', dobInvalid],
    ['32', '01', '1990', dobInvalid],
    ['01', '13', '1990', dobInvalid],
    ['01', '00', '1990', dobInvalid],
    ['01', '01', '1899', dobInvalid],
    ['01', '01', '1900', null],
    ['01', '01', '2027', dobInvalid],
    ['25', '11', '2026', null],
    ['26', '11', '2026', dobInvalid],
    ['01', '01', '84', dobInvalid],
    ['', '01', '1990', dobInvalid],
    ['01', '', '1990', dobInvalid],
    ['01', '01', '', dobInvalid],
    ['1a', '01', '1990', dobInvalid],
  ])('%s/%s/%s: %s', (day, month, year, message) => {
    const result = validateCustomerForm({ ...valid, dobDay: day, dobMonth: month, dobYear: year }, now);
    const messages = result.success ? [] : [result.errors.dobDay, result.errors.dobMonth, result.errors.dobYear];
    expect(messages.find((m) => m !== undefined) ?? null).toBe(message);
  });

  it('reports a real-date failure on the day box, even with other fields invalid', () => {
    const result = validateCustomerForm({ ...valid, emailAddress: '', dobDay: '31', dobMonth: '02', dobYear: '1990' }, now);
    expect(result.success ? null : result.errors).toEqual({
      emailAddress: 'Please enter your email address',
      dobDay: dobInvalid,
    });
  });

  it.each([
    ['5', '3', '1984', '1984-03-05'],
    ['05', '03', '1984', '1984-03-05'],
    ['31', '02', '1984', null],
    ['05', '03', '84', null],
  ])('dateOfBirthIso(%s, %s, %s) is %s', (day, month, year, iso) => {
    expect(dateOfBirthIso(day, month, year)).toBe(iso);
  });

  it('takes today in London, not in the machine zone', () => {
    // 23:30 UTC on 1 July is already 2 July in London
    expect(isValidBirthDate('2026-07-02', new Date('2026-07-01T23:30:00Z'))).toBe(true);
    expect(isValidBirthDate('2026-07-03', new Date('2026-07-01T23:30:00Z'))).toBe(false);
    expect(isValidBirthDate('1984-3-5', now)).toBe(false);
  });

  it.each([
    ['day', '123', '12'],
    ['day', 'a1', '1'],
    ['month', '0a5', '05'],
    ['year', '198456', '1984'],
  ] as const)('the %s box keeps %s as %s', (part, typed, kept) => {
    expect(limitDatePart(part, typed)).toBe(kept);
  });

  it.each([
    ['day', '5', '05'],
    ['month', '3', '03'],
    ['day', '12', '12'],
    ['year', '5', '5'],
    ['day', '', ''],
  ] as const)('pads %s %j to %j', (part, typed, padded) => {
    expect(padDatePart(part, typed)).toBe(padded);
  });

});

describe('focus after a failed submit', () => {
  it('goes through email, phone, names, date parts, address, terms', () => {
    expect(FOCUS_ORDER).toEqual([
      'emailAddress', 'phoneNumber', 'firstName', 'lastName', 'dobDay', 'dobMonth', 'dobYear',
      'houseNameNumber', 'addressLine1', 'addressLine2', 'townCity', 'postcodeZip', 'terms',
    ]);
  });

  it.each([
    [{ emailAddress: '', terms: false }, 'emailAddress'],
    [{ lastName: '', phoneNumber: '' }, 'phoneNumber'],
    [{ dobYear: '', lastName: 'B' }, 'lastName'],
    [{ dobMonth: '13', postcodeZip: '' }, 'dobMonth'],
    [{ townCity: '', terms: false }, 'townCity'],
    [{ terms: false }, 'terms'],
  ] as const)('%o focuses %s', (changes, field) => {
    const result = validateCustomerForm({ ...valid, ...changes }, now);
    expect(result.success ? null : result.firstInvalid).toBe(field);
  });

  it('has nothing to focus without errors', () => {
    expect(firstInvalidField({})).toBeNull();
  });
});

describe('the server validates the submitted details with the same rules', () => {
  const details = (validateCustomerForm(valid, now) as { details: v.InferOutput<typeof CustomerDetailsSchema> }).details;
  const schema = customerDetailsSchema(now);
  const firstMessage = (input: unknown) => v.safeParse(schema, input).issues?.[0]?.message ?? null;

  it.each([
    [{ ...details, firstName: 'J' }, 'First name must be at least 2 characters'],
    [{ ...details, emailAddress: 'nope' }, 'Please enter a valid email address'],
    [{ ...details, phoneNumber: '0123' }, 'Please enter a valid phone number'],
    [{ ...details, dateOfBirth: '2026-11-26' }, dobInvalid],
    [{ ...details, dateOfBirth: '1899-12-31' }, dobInvalid],
    [{ ...details, dateOfBirth: '1990-02-30' }, dobInvalid],
    [{ ...details, terms: false }, 'Please accept the terms and conditions'],
    [{ ...details, address: { ...details.address, postcodeZip: 'XX' } }, 'Please enter a valid post code'],
    [{ ...details, address: { ...details.address, townCity: '' } }, 'Please enter your town, city or village'],
    [{ ...details, emailAddress: `${'a'.repeat(489)}@example.com` }, maxChars],
    [{ ...details, phoneNumber: '0'.repeat(51) }, maxChars],
    [{ ...details, address: { ...details.address, addressLine1: 'l'.repeat(251) } }, maxChars],
    [{ ...details, address: { ...details.address, postcodeZip: 'P'.repeat(51) } }, maxChars],
  ])('rejects %o with %s', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('accepts fields filled exactly to their limits', () => {
    const full = { ...details, emailAddress: `${'a'.repeat(488)}@example.com`, address: { ...details.address, addressLine1: 'l'.repeat(250), townCity: 't'.repeat(250) } };
    expect(firstMessage(full)).toBeNull();
  });

  it('upper-cases the postcode and fixes the country', () => {
    const parsed = v.parse(schema, { ...details, address: { ...details.address, postcodeZip: 'sw1a 2aa' } });
    expect(parsed.address.postcodeZip).toBe('SW1A 2AA');
    expect(v.is(schema, { ...details, address: { ...details.address, country: 'France' } })).toBe(false);
  });
});

describe('typing helpers', () => {
  it.each([
    ["O'Brien-Smith, Jr.", "O'Brien-Smith, Jr."],
    ['J0hn', 'Jhn'],
    ['Anne_Marie!', 'AnneMarie'],
    ['José Ñúñez', 'José Ñúñez'],
  ])('strips %s to %s', (typed, kept) => {
    expect(stripNameCharacters(typed)).toBe(kept);
  });

  it.each([
    ['jo@example.com', true],
    ['jo@example', true],
    [' jo@x ', true],
    ['jo example.com', false],
    ['jo@', false],
    ['', false],
  ])('lax email check of %j is %s', (text, ok) => {
    expect(isLaxEmail(text)).toBe(ok);
  });
});

describe('around the form', () => {
  it('starts marketing from the site setting', () => {
    expect(emptyCustomerForm({ marketingDefault: true }).marketing).toBe(true);
    expect(emptyCustomerForm({ marketingDefault: false })).toMatchObject({ marketing: false, terms: false, dobDay: '' });
  });

  it.each([
    [1, 'Billing address', true],
    [2, 'Billing address', false],
    [3, 'Your address', false],
  ] as const)('product %i: legend %s, card notice %s', (product, legend, notice) => {
    expect(addressLegend(product)).toBe(legend);
    expect(showsCardAddressNotice(product)).toBe(notice);
  });

  it('shows marketing only with its setting and not for sell-back; ABTA by its own setting', () => {
    expect(showsMarketing({ showMarketingPreference: true }, 2)).toBe(true);
    expect(showsMarketing({ showMarketingPreference: true }, 3)).toBe(false);
    expect(showsMarketing({ showMarketingPreference: false }, 1)).toBe(false);
    expect(showsAbta({ showAbtaPreference: true })).toBe(true);
    expect(showsAbta({ showAbtaPreference: false })).toBe(false);
  });

  it('shows the basket email note only where the site is allowed', () => {
    expect(showsBasketEmailNote({ isSiteAllowed: true })).toBe(true);
    expect(showsBasketEmailNote({ isSiteAllowed: false })).toBe(false);
  });
});

describe('text the shop could not keep (NUL, half a surrogate pair)', () => {
  const unusable = "This contains a character we can't accept. Please type it again without it.";
  it.each([
    ['emailAddress', 'jo\u0000@example.com', unusable],
    ['phoneNumber', '07911\uD800 123456', unusable],
    ['houseNameNumber', '1\u0000', unusable],
    ['addressLine1', 'Downing\uDC00 Street', unusable],
    ['addressLine2', '\u0000', unusable],
    ['townCity', 'Lon\uD83Ddon', unusable],
    ['postcodeZip', 'SW1A\u00002AA', unusable],
    // A whole emoji is a surrogate pair, which the shop keeps; names keep letters only, so a stray
    // character is stripped as typed rather than refused.
    ['addressLine1', 'Downing Street \uD83D\uDE00', null],
    ['firstName', 'Jo\u0000', null],
  ] as const)('%s %j: %s', (field, value, message) => {
    expect(errorOf(field, value)).toBe(message);
  });

  it('is refused by the server with the same message', () => {
    const r = v.safeParse(customerDetailsSchema(now), { ...toCustomerDetails(v.parse(CustomerFormSchema, valid)), phoneNumber: '07911\u0000123456' });
    expect(r.success).toBe(false);
    expect(r.issues?.[0]?.message).toBe(unusable);
  });
});

// Spec 5.2: 'Address search is restricted to Great Britain'.
describe('address search is restricted to Great Britain', () => {
  it.each([
    ['BT1 1AA', true],
    [' bt48 6dq ', true],
    ['GY1 1AA', true],
    ['JE2 3AB', true],
    ['IM1 1AA', true],
    ['LS1 6LY', false],
    ['EH1 1YZ', false],
    ['CF10 1AA', false],
    ['B1 1AA', false],
    ['not a postcode', false],
  ])('%s is outside Great Britain: %s', (postcode, outside) => {
    expect(isOutsideGreatBritain(postcode)).toBe(outside);
  });
});

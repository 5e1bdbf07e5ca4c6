import * as v from 'valibot';
import { messages } from '../messages.ts';

/**
 * Text the shop can keep: PostgreSQL stores no NUL character, and half of a surrogate pair (a
 * broken emoji, say) is not text at all. Every free-text string of a request is checked with it.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}
export const storable = () => v.check(isStorableText, messages.unusableCharacters);
/** A string the shop can store (see isStorableText). */
export const StorableString = v.pipe(v.string(), storable());

/** Amounts on the wire are decimal numbers in major units (250 = 250 euros, 212.35 = £212.35). */
export const Amount = v.pipe(v.number(), v.finite());

/** The figures of every priced line, in the cart and in the order. */
export const LineFigures = {
  /** Foreign units, already rounded to the branch's increment (floored to whole units for sell-back). */
  qty: Amount,
  /** Foreign units per £1 at the tier this line reached. */
  rate: Amount,
  /** GBP cost of the line (for sell-back: what the customer receives). */
  total: Amount,
};
export const PositiveAmount = v.pipe(v.number(), v.finite(), v.gtValue(0));
export const CurrencyCode = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'must be a three-letter ISO currency code'));
export const IsoDate = v.pipe(v.string(), v.isoDate());
export const IsoTimestamp = v.pipe(v.string(), v.isoTimestamp());
export const Id = v.pipe(v.string(), v.minLength(1), storable());
/** Site, store and product ids are PostgreSQL integers: a larger number names nothing. */
export const MAX_INT_ID = 2_147_483_647;
export const IntId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_INT_ID, `must be at most ${MAX_INT_ID}`));

/** Path parameters arrive as strings; this parses a positive whole number. */
export const IntParam = v.pipe(
  v.string(),
  v.regex(/^\d+$/, 'must be a whole number'),
  v.transform(Number),
  v.integer(),
  v.minValue(1, 'must be 1 or more'),
  v.maxValue(MAX_INT_ID, `must be at most ${MAX_INT_ID}`),
);
export const BoolParam = v.pipe(
  v.picklist(['true', 'false'], 'must be true or false'),
  v.transform((s) => s === 'true'),
);
/** A path naming a site: /api/sites/{siteId}/..., /session/{siteId}. */
export const SiteParamsSchema = v.object({ siteId: IntParam });

/** RFC 9457 problem details, the body of every error answer (Content-Type application/problem+json). */
export const ProblemSchema = v.looseObject({
  type: v.optional(v.string()),
  title: v.string(),
  status: v.optional(v.number()),
  detail: v.optional(v.string()),
  instance: v.optional(v.string()),
  requestId: v.optional(v.string()),
  /** Validation failures name the fields: { "lines[0].qty": "Amount should be greater than 0" }. */
  errors: v.optional(v.record(v.string(), v.string())),
});
export type Problem = v.InferOutput<typeof ProblemSchema>;
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * The few checks of a value's type that domain/session.ts and domain/problem.ts make without a
 * schema (valibot loads with the API's HTTP client, after the first page): each agrees with the
 * valibot schema of the same name, and the tests beside those modules hold them to it.
 */

/** An object (not null), as valibot's object and record schemas take. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** v.number(): any number but NaN. */
export function isNumber(value: unknown): value is number {
  return typeof value === 'number' && !Number.isNaN(value);
}

/** v.nullish(v.string()). */
export function isNullishString(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === 'string';
}

/** v.optional(v.boolean()). */
export function isOptionalBoolean(value: unknown): value is boolean | undefined {
  return value === undefined || typeof value === 'boolean';
}

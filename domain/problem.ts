/**
 * The problem a failed call leaves for the visitor to read (spec 8: a problem document's title and
 * detail are shown). The API client rejects with the problem+json body, or with an error carrying
 * it as `problem`; anything else (a network failure, a bug) reads as a generic problem.
 */
import type { Problem } from './contract/common.ts';
import { messages } from './messages.ts';
import { isNumber, isRecord } from './value-checks.ts';

const isOptionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

/**
 * Whether a value is a problem document, as ProblemSchema says (domain/problem.test.ts holds the
 * two equal): checked without the schema, since the first page reads failures before it loads
 * valibot (src/api/client.ts); the HTTP client parsed the answer with the schema.
 */
export function isProblem(value: unknown): value is Problem {
  return (
    isRecord(value) &&
    typeof value.title === 'string' &&
    isOptionalString(value.type) &&
    (value.status === undefined || isNumber(value.status)) &&
    isOptionalString(value.detail) &&
    isOptionalString(value.instance) &&
    isOptionalString(value.requestId) &&
    (value.errors === undefined || (isRecord(value.errors) && Object.values(value.errors).every((text) => typeof text === 'string')))
  );
}

/** The problem document a failure carries, if any. */
function carriedProblem(error: unknown): Problem | null {
  if (isProblem(error)) return error;
  if (isRecord(error) && isProblem(error.problem)) return error.problem;
  return null;
}

export function problemOf(error: unknown): Problem {
  return carriedProblem(error) ?? { title: messages.somethingWentWrong };
}

/**
 * The HTTP status of a failed call: the error's own `status` (the API client's errors carry it)
 * or its problem document's. undefined for network failures and bugs.
 */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null) {
    if ('status' in error && typeof error.status === 'number') return error.status;
    if ('problem' in error && typeof error.problem === 'object' && error.problem !== null) {
      const { problem } = error;
      if ('status' in problem && typeof problem.status === 'number') return problem.status;
    }
  }
  return undefined;
}

/** 404: the thing asked for does not exist (a session without a cart, spec 8). */
export function isNotFoundError(error: unknown): boolean {
  return errorStatus(error) === 404;
}

/** 401 or 403: the session token is no longer accepted and is cleared (spec 4.4, 8). */
export function isUnauthorizedError(error: unknown): boolean {
  const status = errorStatus(error);
  return status === 401 || status === 403;
}

/**
 * "Show the server's response message if present" (spec 8, quote and nearby-store failures): the
 * problem's detail, else its title; null when the failure carries no problem document.
 */
export function serverMessageOf(error: unknown): string | null {
  const problem = carriedProblem(error);
  return problem ? (problem.detail ?? problem.title) : null;
}

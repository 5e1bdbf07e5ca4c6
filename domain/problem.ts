/**
 * The problem a failed call leaves for the visitor to read (spec 8: a problem document's title and
 * detail are shown). The API client rejects with the problem+json body, or with an error carrying
 * it as `problem`; anything else (a network failure, a bug) reads as a generic problem.
 */
import * as v from 'valibot';
import { ProblemSchema, type Problem } from './contract/common.ts';
import { messages } from './messages.ts';

/** The problem document a failure carries, if any. */
function carriedProblem(error: unknown): Problem | null {
  if (v.is(ProblemSchema, error)) return error;
  if (typeof error === 'object' && error !== null && 'problem' in error && v.is(ProblemSchema, error.problem)) {
    return error.problem;
  }
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

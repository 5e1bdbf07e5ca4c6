/**
 * The problem a failed call leaves for the visitor to read (spec 8: a problem document's title and
 * detail are shown). The API client rejects with the problem+json body, or with an error carrying
 * it as `problem`; anything else (a network failure, a bug) reads as a generic problem.
 */
import * as v from 'valibot';
import { ProblemSchema, type Problem } from './contract/common.ts';
import { messages } from './messages.ts';

export function problemOf(error: unknown): Problem {
  if (v.is(ProblemSchema, error)) return error;
  if (typeof error === 'object' && error !== null && 'problem' in error && v.is(ProblemSchema, error.problem)) {
    return error.problem;
  }
  return { title: messages.somethingWentWrong };
}

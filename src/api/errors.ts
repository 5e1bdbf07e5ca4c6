/**
 * How an API call fails, as the app reads it: a problem document (RFC 9457), an error status with
 * another body, or an answer that does not match the contract. Apart from the HTTP client
 * (./http.ts), so the first page reads a failure's status without loading the client.
 */
import type { Problem } from '#domain/contract/common.ts';

/** An answer that is a problem document (RFC 9457). `problem` is read by domain/problem.ts. */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  readonly status: number;
  readonly title: string;
  readonly detail: string | undefined;
  readonly errors: Readonly<Record<string, string>> | undefined;
  readonly problem: Problem;

  constructor(status: number, problem: Problem) {
    super(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
    this.status = status;
    this.title = problem.title;
    this.detail = problem.detail;
    this.errors = problem.errors;
    this.problem = { ...problem, status };
  }
}

/** An error status whose body is not a problem document (a proxy page, an empty body). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`HTTP ${status}${statusText ? ` ${statusText}` : ''}`);
    this.status = status;
    this.body = body;
  }
}

/** A successful answer that does not match the contract. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  readonly route: string;
  readonly issues: readonly string[];

  constructor(route: string, issues: readonly string[]) {
    super(`The answer of ${route} does not match the contract: ${issues.join('; ')}`);
    this.route = route;
    this.issues = issues;
  }
}

/** The HTTP status behind an API error, or undefined for network failures and bugs. */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ProblemError || error instanceof HttpError ? error.status : undefined;
}


/**
 * Typed errors that the API's error handler turns into application/problem+json (RFC 9457).
 * Services throw these; routes never build error responses by hand.
 */
export type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500 | 502 | 503;

export class HttpProblem extends Error {
  readonly status: ProblemStatus;
  readonly title: string;
  readonly detail: string | undefined;
  /** Field path -> message, for validation failures: { 'address.postcodeZip': 'Please enter a valid post code' }. */
  readonly fields: Record<string, string> | undefined;
  /** A stable machine-readable kind (the problem's `type`), e.g. 'legacy-token-used'. */
  readonly type: string | undefined;
  /** Extra response headers, e.g. Retry-After on a 503. */
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: ProblemStatus,
    title: string,
    detail?: string,
    options: { fields?: Record<string, string>; type?: string; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(detail ?? title, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpProblem';
    this.status = status;
    this.title = title;
    this.detail = detail;
    this.fields = options.fields;
    this.type = options.type;
    this.headers = options.headers;
  }
}

export const badRequest = (detail?: string, fields?: Record<string, string>) =>
  new HttpProblem(400, 'Bad request', detail, fields === undefined ? {} : { fields });

export const unauthorized = (detail = 'A valid session token is required.', type?: string) =>
  new HttpProblem(401, 'Unauthorized', detail, type === undefined ? {} : { type });

export const forbidden = (detail = 'This token may not be used on this resource.') =>
  new HttpProblem(403, 'Forbidden', detail);

export const notFound = (detail?: string) => new HttpProblem(404, 'Not found', detail);

export const conflict = (detail?: string, type?: string) =>
  new HttpProblem(409, 'Conflict', detail, type === undefined ? {} : { type });

/** The request is well formed but the shop cannot do it (a currency it does not trade, say). */
export const unprocessable = (detail?: string, type?: string) =>
  new HttpProblem(422, 'Unprocessable request', detail, type === undefined ? {} : { type });

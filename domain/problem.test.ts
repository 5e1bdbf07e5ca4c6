import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ProblemSchema } from './contract/common.ts';
import { errorStatus, isNotFoundError, isProblem, isUnauthorizedError, problemOf, serverMessageOf } from './problem.ts';

describe('the problem shown after a failed call (spec 8)', () => {
  const problem = { title: 'Order not found', detail: 'Your session has no order.', status: 404 };

  it('is the problem document the call rejected with', () => {
    expect(problemOf(problem)).toEqual(problem);
  });

  it('is the problem an error carries', () => {
    expect(problemOf(Object.assign(new Error('HTTP 404'), { problem }))).toEqual(problem);
  });

  it.each([
    ['a network failure', new TypeError('Failed to fetch')],
    ['a string', 'boom'],
    ['nothing', undefined],
    ['a body without a title', { detail: 'no title' }],
  ])('reads %s as a generic problem', (_label, error) => {
    expect(problemOf(error)).toEqual({ title: 'Something went wrong' });
  });
});

describe('the status of a failed call', () => {
  const withStatus = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });

  it.each([
    [withStatus(404), 404, true, false],
    [withStatus(401), 401, false, true],
    [withStatus(403), 403, false, true],
    [withStatus(500), 500, false, false],
    [Object.assign(new Error('x'), { problem: { title: 'Gone', status: 404 } }), 404, true, false],
    [new TypeError('Failed to fetch'), undefined, false, false],
    [undefined, undefined, false, false],
  ])('%o has status %s (not found %s, unauthorized %s)', (error, status, notFound, unauthorized) => {
    expect(errorStatus(error)).toBe(status);
    expect(isNotFoundError(error)).toBe(notFound);
    expect(isUnauthorizedError(error)).toBe(unauthorized);
  });
});

describe("the server's response message (spec 8)", () => {
  it('is the detail, else the title, of the problem the failure carries', () => {
    expect(serverMessageOf({ title: 'No rates', detail: 'No rate for XYZ at this branch' })).toBe('No rate for XYZ at this branch');
    expect(serverMessageOf(Object.assign(new Error('HTTP 422'), { problem: { title: 'Branch closed' } }))).toBe('Branch closed');
  });

  it('is null when there is no problem document', () => {
    expect(serverMessageOf(new TypeError('Failed to fetch'))).toBeNull();
  });
});

describe('isProblem agrees with the contract (ProblemSchema), which the first page does not load', () => {
  it.each([
    [{ title: 'Bad request' }],
    [{ title: 'Bad request', type: 'about:blank', status: 400, detail: 'Amount should be greater than 0', instance: '/api/cart', requestId: 'r1' }],
    [{ title: 'Bad request', errors: { 'lines[0].qty': 'Amount should be greater than 0' } }],
    [{ title: 'Bad request', errors: ['Amount should be greater than 0'] }],
    [{ title: 'Bad request', extra: { kept: true } }],
    [{ title: 'Bad request', errors: { qty: 0 } }],
    [{ title: 'Bad request', status: '400' }],
    [{ title: 'Bad request', status: Number.NaN }],
    [{ title: 'Bad request', detail: null }],
    [{ title: 3 }],
    [{ detail: 'no title' }],
    [Object.assign(new Error('HTTP 404'), { title: 'Not found', status: 404 })],
    [null],
    ['Bad request'],
    [[]],
  ])('%j', (value) => {
    expect(isProblem(value)).toBe(v.is(ProblemSchema, value));
  });
});

import { describe, expect, it } from 'vitest';
import { problemOf } from './problem.ts';

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

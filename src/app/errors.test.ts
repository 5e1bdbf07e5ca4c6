import { describe, expect, it, vi } from 'vitest';
import { ProblemError, ResponseShapeError } from '#src/api/client.ts';
import { createConsoleReporter, describeError, reportUnhandled } from './errors.ts';

describe('error reporting', () => {
  it('describes API errors by their kind, status and title', () => {
    expect(describeError(new ProblemError(422, { title: 'Bad amount', detail: 'secret detail', requestId: 'r1' }))).toEqual({
      kind: 'ProblemError',
      status: 422,
      title: 'Bad amount',
      requestId: 'r1',
    });
    expect(describeError(new ResponseShapeError('GET /api/cart', ['lines: Invalid type']))).toMatchObject({ route: 'GET /api/cart' });
    expect(describeError('odd')).toEqual({ kind: 'string', message: 'odd' });
  });

  it('writes to the console by default', () => {
    const sink = { error: vi.fn() };
    const error = new Error('boom');
    createConsoleReporter(sink).report(error, { where: 'test' });
    expect(sink.error).toHaveBeenCalledWith('[shop]', expect.objectContaining({ message: 'boom' }), { where: 'test' }, error);
  });

  it('forwards unhandled rejections until unsubscribed', () => {
    const reporter = { report: vi.fn() };
    const stop = reportUnhandled(window, reporter);
    const event = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(event, 'reason', { value: 'nope' });
    window.dispatchEvent(event);
    expect(reporter.report).toHaveBeenCalledWith('nope', { where: 'unhandledrejection' });
    stop();
    window.dispatchEvent(event);
    expect(reporter.report).toHaveBeenCalledTimes(1);
  });

  it('forwards window errors but not the benign ResizeObserver ones', () => {
    const reporter = { report: vi.fn() };
    const stop = reportUnhandled(window, reporter);
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }));
    window.dispatchEvent(new ErrorEvent('error', { message: 'ResizeObserver loop limit exceeded' }));
    expect(reporter.report).not.toHaveBeenCalled();
    const error = new TypeError('x is undefined');
    window.dispatchEvent(new ErrorEvent('error', { message: 'Uncaught TypeError: x is undefined', error }));
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    expect(reporter.report.mock.calls).toEqual([
      [error, { where: 'window.error' }],
      ['Script error.', { where: 'window.error' }],
    ]);
    stop();
  });
});

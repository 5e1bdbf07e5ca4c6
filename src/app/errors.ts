/**
 * Error reporting (spec 8: unhandled errors go to an error-reporting service). The shop reports
 * through this interface so a real service can be plugged in at the composition root; the
 * default writes to the console.
 */
import { ProblemError, ResponseShapeError, statusOf } from '#src/api/client.ts';

export interface ErrorContext {
  /** Where it happened, e.g. 'checkout.saveCustomerInfo' or 'router'. */
  where?: string;
  [key: string]: unknown;
}

export interface ErrorReporter {
  report(error: unknown, context?: ErrorContext): void;
}

/** The fields worth sending for an error, without the response bodies' personal data. */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof ProblemError) {
    return { kind: error.name, status: error.status, title: error.title, requestId: error.problem.requestId };
  }
  if (error instanceof ResponseShapeError) return { kind: error.name, route: error.route, issues: error.issues };
  if (error instanceof Error) return { kind: error.name, message: error.message, status: statusOf(error) };
  return { kind: typeof error, message: String(error) };
}

export function createConsoleReporter(sink: Pick<Console, 'error'> = console): ErrorReporter {
  return {
    report(error, context) {
      sink.error('[shop]', describeError(error), context ?? {}, error);
    },
  };
}

/**
 * Browsers raise these as window errors when a ResizeObserver's callback resizes what it observes
 * and the rest waits for the next frame: nothing is lost, so they are not worth a report.
 */
const BENIGN_WINDOW_ERRORS = ['ResizeObserver loop completed with undelivered notifications', 'ResizeObserver loop limit exceeded'];

export function isBenignWindowError(message: string | null | undefined): boolean {
  return typeof message === 'string' && BENIGN_WINDOW_ERRORS.some((benign) => message.includes(benign));
}

/** Forwards window errors and unhandled rejections to the reporter; returns the unsubscribe. */
export function reportUnhandled(target: Window, reporter: ErrorReporter): () => void {
  const onError = (event: ErrorEvent) => {
    if (isBenignWindowError(event.message)) return;
    reporter.report(event.error ?? event.message, { where: 'window.error' });
  };
  const onRejection = (event: PromiseRejectionEvent) => reporter.report(event.reason, { where: 'unhandledrejection' });
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

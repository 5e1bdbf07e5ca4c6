import { useEffect, useRef, useState, type RefObject } from 'react';
import { parseCardPageSize } from '#domain/contract/payment-messages.ts';
import { messages } from '#domain/messages.ts';
import { Notice } from '#src/ui/notice.tsx';
import type { ProblemSummary } from '#src/ui/problem-dialog.tsx';
import { PageLoadFailed, PageLoading } from '../checkout-shared/page-status.tsx';
import styles from './payment.module.css';

export interface PaymentViewProps {
  /** 'loading' until the hosted card page's address arrives. */
  status: 'loading' | 'loadFailed' | 'ready';
  paymentUrl: string | null;
  /** 'Unable to check status of your payment, please wait whilst we retry', or null. */
  notice: string | null;
  loadProblem: ProblemSummary | null;
  onRetry: () => void;
}

function originOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return null;
  }
}

/**
 * The frame's height, as the hosted card page reports its content's (a layout message the page
 * posts from the provider's origin); null until it does, when the stylesheet's height holds.
 */
function useFrameHeight(frame: RefObject<HTMLIFrameElement | null>, paymentUrl: string | null): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const origin = originOf(paymentUrl);
    if (origin === null) return undefined;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const reported = parseCardPageSize(event.data);
      if (reported !== null) setHeight(reported);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, paymentUrl]);
  return height;
}

/** The provider's hosted card form in its iframe (spec 2.9), as tall as its content. */
export function PaymentView({ status, paymentUrl, notice, loadProblem, onRetry }: PaymentViewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const height = useFrameHeight(frame, status === 'ready' ? paymentUrl : null);
  if (status === 'loadFailed') return <PageLoadFailed problem={loadProblem} onRetry={onRetry} />;
  if (status === 'loading' || paymentUrl === null) return <PageLoading label={messages.loadingPaymentForm} />;
  return (
    <div className={styles.payment}>
      {notice ? (
        <Notice tone="warning" className={styles.notice}>
          {notice}
        </Notice>
      ) : null}
      <iframe
        ref={frame}
        className={styles.frame}
        src={paymentUrl}
        title={messages.paymentFrameTitle}
        allow="payment"
        // Two pixels for the frame's own border.
        style={height === null ? undefined : { height: `${height + 2}px` }}
        data-sized={height === null ? undefined : 'content'}
      />
    </div>
  );
}

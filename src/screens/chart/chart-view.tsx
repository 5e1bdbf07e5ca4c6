import type { ReactNode } from 'react';
import type { ChartInterval as ChartIntervalId } from '#domain/chart.ts';
import { formatMessage, messages } from '#domain/messages.ts';
import { Notice } from '#src/ui/notice.tsx';
import { Skeleton } from '#src/ui/skeleton.tsx';
import { Spinner } from '#src/ui/spinner.tsx';
import { RateChart, type RatePoint } from './rate-chart.tsx';
import styles from './chart.module.css';

export type { ChartIntervalId };

export interface ChartViewProps {
  /** 'EUR' and 'GBP', in the direction of the page (/eur-to-gbp: from EUR to GBP). */
  from: string;
  to: string;
  status: 'loading' | 'ready' | 'error';
  intervals: readonly ChartIntervalId[];
  interval: ChartIntervalId;
  onIntervalChange: (interval: ChartIntervalId) => void;
  /** The points of the chosen interval, oldest first. */
  points: readonly RatePoint[];
  formatDate: (time: Date) => string;
  formatValue: (value: number) => string;
  /** Fixed chart width for tests and stories. */
  width?: number;
  /** The rate alert form, shown under the chart once the rates show. */
  alert?: ReactNode;
  /** The rates are the demo's sample history: the page says "Sample rates". */
  sample?: boolean;
}

const INTERVAL_NAMES: Record<ChartIntervalId, string> = {
  '1W': messages.oneWeek,
  '1M': messages.oneMonth,
  '1Y': messages.oneYear,
};

/** The currency chart page (spec 2.13): the rate line and the 1W, 1M and 1Y buttons. */
export function ChartView(props: ChartViewProps) {
  const { from, to, status, intervals, interval, onIntervalChange, points } = props;
  const first = points[0];
  const last = points[points.length - 1];
  const label =
    first && last
      ? formatMessage(messages.chartLabel, { from, to, first: props.formatDate(first.time), last: props.formatDate(last.time) })
      : formatMessage(messages.chartTitle, { from, to });
  return (
    <section className={styles.page} aria-labelledby="chart-title">
      <h1 id="chart-title">{formatMessage(messages.chartTitle, { from, to })}</h1>
      <div className={styles.intervals} role="group" aria-label={messages.chartPeriod}>
        {intervals.map((id) => (
          <button
            key={id}
            type="button"
            className={styles.interval}
            aria-pressed={id === interval}
            onClick={() => onIntervalChange(id)}
          >
            {INTERVAL_NAMES[id]}
          </button>
        ))}
      </div>
      <div className={styles.chart} aria-busy={status === 'loading' || undefined}>
        {status === 'loading' ? (
          <div className={styles.loading}>
            <Spinner label={messages.loadingChart} showLabel />
            <Skeleton height={240} />
          </div>
        ) : status === 'error' ? (
          <Notice tone="error">{messages.somethingWentWrong}</Notice>
        ) : (
          <>
            {last ? (
              <p className={styles.latest}>
                {props.sample ? (
                  <>
                    <strong className={styles.sample} data-testid="sample-rates">
                      {messages.sampleRates}
                    </strong>{' '}
                  </>
                ) : null}
                <span>{props.formatDate(last.time)}</span>{' '}
                <strong>
                  1 {from} = {props.formatValue(last.value)} {to}
                </strong>
              </p>
            ) : null}
            <RateChart
              points={points}
              label={label}
              formatDate={props.formatDate}
              formatValue={props.formatValue}
              width={props.width}
            />
          </>
        )}
      </div>
      {status === 'ready' ? props.alert : null}
    </section>
  );
}

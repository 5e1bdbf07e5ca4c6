import { useCallback, useMemo, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { localPoint } from '@visx/event';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleLinear, scaleTime } from '@visx/scale';
import { Line, LinePath } from '@visx/shape';
import { Tooltip } from '@visx/tooltip';
import styles from './rate-chart.module.css';

/** A chart point as presented: the time of the day and the rate received for it. */
export interface RatePoint {
  time: Date;
  value: number;
}

export interface RateChartProps {
  points: readonly RatePoint[];
  /** Accessible name of the chart, e.g. 'Euro to pound exchange rate, last month'. */
  label: string;
  /** 'yyyy-MM-dd' of a point, for the tooltip and the axis alike (one date format a screen). */
  formatDate: (time: Date) => string;
  /** The rate to 4 decimals, for the tooltip. */
  formatValue: (value: number) => string;
  /** A fixed width for tests and stories; measured from the parent otherwise. */
  width?: number;
  height?: number;
}

// The right margin leaves room for half of the last date under the axis.
const MARGIN = { top: 16, right: 40, bottom: 36, left: 64 };

/**
 * The axis dates: points of the series spread evenly, at most `count`, each date once. A time
 * scale's own ticks fall between the days of a short window and repeat one date many times.
 */
export function axisTicks(points: readonly RatePoint[], count: number, label: (time: Date) => string): Date[] {
  const n = points.length;
  if (n === 0 || count < 1) return [];
  const picks = n <= count ? points.map((_, i) => i) : Array.from({ length: count }, (_, i) => (count === 1 ? n - 1 : Math.round((i * (n - 1)) / (count - 1))));
  const seen = new Set<string>();
  const ticks: Date[] = [];
  for (const i of picks) {
    const point = points[i];
    if (!point) continue;
    const text = label(point.time);
    if (seen.has(text)) continue;
    seen.add(text);
    ticks.push(point.time);
  }
  return ticks;
}

/** The index of the point nearest in time (points are oldest first). */
function nearestIndex(points: readonly RatePoint[], time: Date): number {
  let best = 0;
  let bestGap = Infinity;
  points.forEach((p, i) => {
    const gap = Math.abs(p.time.getTime() - time.getTime());
    if (gap < bestGap) {
      best = i;
      bestGap = gap;
    }
  });
  return best;
}

function extentOf<T>(values: readonly T[]): [T, T] | [undefined, undefined] {
  if (values.length === 0) return [undefined, undefined];
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return [sorted[0] as T, sorted[sorted.length - 1] as T];
}

/**
 * The rate line with its axes and a tooltip that follows the pointer, or the arrow keys once the
 * chart has focus, so the figures are reachable without a mouse.
 */
export function RateChart(props: RateChartProps) {
  return props.width === undefined ? <MeasuredRateChart {...props} /> : <SizedRateChart {...props} width={props.width} />;
}

function MeasuredRateChart(props: RateChartProps) {
  const { parentRef, width } = useParentSize({ debounceTime: 50, initialSize: { width: 640 } });
  // Drawn at a whole number of pixels: the same frame width always gives the same picture. The
  // width drawn is on the frame, so a picture (tests/stories/visual.ts) waits until it is the frame's.
  const drawn = Math.floor(width);
  return (
    <div ref={parentRef} className={styles.frame} data-measured-chart={drawn}>
      <SizedRateChart {...props} width={drawn} />
    </div>
  );
}

function SizedRateChart({ points, label, formatDate, formatValue, width, height = 280 }: RateChartProps & { width: number }) {
  const outerWidth = Math.max(200, width);
  const innerWidth = outerWidth - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const [active, setActive] = useState<number | null>(null);

  const xScale = useMemo(() => {
    const [min, max] = extentOf(points.map((p) => p.time));
    return scaleTime<number>({ domain: [min ?? new Date(), max ?? new Date()], range: [0, innerWidth] });
  }, [points, innerWidth]);
  const yScale = useMemo(() => {
    const [min = 0, max = 1] = extentOf(points.map((p) => p.value));
    const pad = (max - min) * 0.1 || max * 0.01 || 0.01;
    return scaleLinear<number>({ domain: [min - pad, max + pad], range: [innerHeight, 0], nice: true });
  }, [points, innerHeight]);

  const ticks = useMemo(() => axisTicks(points, outerWidth < 400 ? 2 : outerWidth < 640 ? 4 : 6, formatDate), [points, outerWidth, formatDate]);

  const onPointer = useCallback(
    (event: PointerEvent<SVGRectElement>) => {
      const point = localPoint(event);
      if (!point || points.length === 0) return;
      setActive(nearestIndex(points, xScale.invert(point.x - MARGIN.left)));
    },
    [points, xScale],
  );

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    if (points.length === 0) return;
    const last = points.length - 1;
    const current = active ?? last;
    const next =
      event.key === 'ArrowLeft' ? Math.max(0, current - 1)
      : event.key === 'ArrowRight' ? Math.min(last, current + 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : event.key === 'Escape' ? null
      : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
  };

  const activePoint = active === null ? undefined : points[active];
  const tipX = activePoint ? xScale(activePoint.time) + MARGIN.left : 0;
  const tipY = activePoint ? yScale(activePoint.value) + MARGIN.top : 0;

  return (
    <div className={styles.frame}>
      <svg
        width={outerWidth}
        height={height}
        role="img"
        aria-label={label}
        tabIndex={0}
        className={styles.svg}
        onKeyDown={onKeyDown}
        onFocus={() => setActive((a) => a ?? points.length - 1)}
        onBlur={() => setActive(null)}
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          <AxisLeft
            scale={yScale}
            numTicks={5}
            tickFormat={(v) => formatValue(Number(v))}
            axisClassName={styles.axis}
            tickClassName={styles.tick}
          />
          <AxisBottom
            top={innerHeight}
            scale={xScale}
            tickValues={ticks}
            tickFormat={(v) => formatDate(v instanceof Date ? v : new Date(Number(v)))}
            axisClassName={styles.axis}
            tickClassName={styles.tick}
          />
          <LinePath<RatePoint>
            data={[...points]}
            x={(p) => xScale(p.time)}
            y={(p) => yScale(p.value)}
            className={styles.line}
            data-testid="rate-line"
          />
          {activePoint ? (
            <g className={styles.marker}>
              <Line from={{ x: tipX - MARGIN.left, y: 0 }} to={{ x: tipX - MARGIN.left, y: innerHeight }} className={styles.guide} />
              <circle cx={tipX - MARGIN.left} cy={tipY - MARGIN.top} r={5} className={styles.dot} />
            </g>
          ) : null}
          <rect
            width={Math.max(0, innerWidth)}
            height={Math.max(0, innerHeight)}
            className={styles.overlay}
            onPointerMove={onPointer}
            onPointerDown={onPointer}
            onPointerLeave={() => setActive(null)}
          />
        </Group>
      </svg>
      {activePoint ? (
        <Tooltip
          unstyled
          applyPositionStyle
          left={Math.min(tipX + 12, outerWidth - 150)}
          top={Math.max(0, tipY - 56)}
          className={styles.tooltip}
          role="status"
        >
          <span className={styles.tooltipDate}>{formatDate(activePoint.time)}</span>
          <span className={styles.tooltipValue}>{formatValue(activePoint.value)}</span>
        </Tooltip>
      ) : null}
    </div>
  );
}

import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { SHOP_TIME_ZONE } from '#domain/availability.ts';
import { CHART_INTERVALS } from '#domain/chart.ts';
import { formatRate } from '#domain/money.ts';
import { NotFoundScreen } from '#src/screens/not-found/not-found-screen.tsx';
import { ChartView } from './chart-view.tsx';
import { RateAlertForm } from './rate-alert-form.tsx';
import { useChartInterval, useChartIsSample, useChartPair, useChartPoints, useChartStatus, useRateAlert, type ChartRef } from './use-chart.ts';

const inLondon = (time: Date) => new TZDate(time, SHOP_TIME_ZONE);
/** Spec 9: the date as yyyy-MM-dd, in the tooltip, the axis and the latest rate alike. */
export const formatChartDate = (time: Date) => format(inLondon(time), 'yyyy-MM-dd');

export interface ChartContainerProps {
  chart: ChartRef;
  /** Fixed chart width for tests and stories. */
  width?: number;
}

/** The chart page over its actor: reads plain values, sends the interval buttons' event. */
export function ChartContainer({ chart, width }: ChartContainerProps) {
  const status = useChartStatus(chart);
  const interval = useChartInterval(chart);
  const points = useChartPoints(chart);
  const { from, to } = useChartPair(chart);
  const alert = useRateAlert(chart);
  const sample = useChartIsSample(chart);
  if (status === 'notChartPage') return <NotFoundScreen />;
  const code = from === 'GBP' ? to : from;
  const latest = points[points.length - 1]?.value;
  // The alert is for 1 GBP in the currency, whichever way the page reads.
  const initialRate = latest === undefined ? '' : formatRate(from === 'GBP' ? latest : 1 / latest);
  return (
    <ChartView
      from={from}
      to={to}
      status={status}
      intervals={CHART_INTERVALS}
      interval={interval}
      onIntervalChange={(id) => chart.send({ type: 'chart.intervalChosen', interval: id })}
      points={points}
      formatDate={formatChartDate}
      formatValue={formatRate}
      width={width}
      sample={sample}
      alert={
        alert ? (
          <RateAlertForm
            code={code}
            view={alert}
            initialRate={initialRate}
            onSubmit={(emailAddress, rateText) => chart.send({ type: 'chart.alertRequested', emailAddress, rateText })}
            onReset={() => chart.send({ type: 'chart.alertReset' })}
          />
        ) : null
      }
    />
  );
}

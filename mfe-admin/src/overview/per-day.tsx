import { Component, lazy, Suspense, type ReactNode } from 'react';
import { LoadingBlock } from '@agentdock/ui';
import { SelectField } from '../console/fields';
import { DailyTable } from './daily-table';
import type { ChartMetric, DayRow } from './overview-figures';

// uPlot and its styles load with the overview's first chart, never with the rest of the console.
const OverviewChart = lazy(() => import('./overview-chart'));

interface PerDayProps {
  rows: readonly DayRow[];
  currencies: string[];
  metrics: ChartMetric[];
  metric: ChartMetric;
  onMetric: (key: string) => void;
}

/** The range day by day: one figure charted at a time, and every figure in a table for screen readers. */
export function PerDay({ rows, currencies, metrics, metric, onMetric }: PerDayProps) {
  return (
    <>
      <div className="adm-panel-head">
        <h3>Per day</h3>
        <SelectField label="Chart" value={metric.key} onChange={(event) => onMetric(event.target.value)} options={metrics.map(({ key, label }) => ({ value: key, label }))} />
      </div>
      <ChartBoundary>
        <Suspense fallback={<LoadingBlock label="Loading the chart…" />}>
          <OverviewChart rows={rows} metric={metric} />
        </Suspense>
      </ChartBoundary>
      <DailyTable rows={rows} currencies={currencies} />
    </>
  );
}

/** A chart that cannot load or draw leaves the figures and the table below it in place. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('[agentdock] the overview chart failed', error);
  }
  override render() {
    return this.state.failed ? <p className="adm-empty">The chart could not be drawn; the figures per day are in the CSV export.</p> : this.props.children;
  }
}

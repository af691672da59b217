import { SegmentedControl } from '@agentdock/ui';
import type { OverviewStats } from '../api/stats-api';
import { LoadStates } from '../console/load-states';
import { Breakdowns } from './breakdowns';
import { CsvButton } from './csv-button';
import { CustomRange } from './custom-range';
import { FigureGroups } from './figure-groups';
import { PRESET_DAYS, type RangeChoice } from './overview-figures';
import { PerDay } from './per-day';
import { useOverview, useOverviewFigures } from './use-overview';

const RANGE_OPTIONS: ReadonlyArray<{ value: RangeChoice; label: string }> = [
  ...PRESET_DAYS.map((days) => ({ value: `${days}` as RangeChoice, label: `${days} days` })),
  { value: 'custom', label: 'Custom' },
];

/** Revenue, growth and usage for a range, each figure computed by the service that owns its data. */
export function OverviewTab() {
  const { choice, setChoice, custom, setCustom, range, stats } = useOverview();
  return (
    <section className="adm-tab" aria-labelledby="adm-overview-title">
      <div className="adm-tab__head">
        <h2 id="adm-overview-title">Overview</h2>
        {stats.data && <CsvButton stats={stats.data} range={range} />}
      </div>
      <div className="adm-range">
        <SegmentedControl label="Range" options={RANGE_OPTIONS} value={choice} onChange={setChoice} />
        {choice === 'custom' && <CustomRange initial={custom} onApply={setCustom} />}
        <p className="adm-range__dates" data-testid="overview-range">{`${range.from} – ${range.to} (UTC)`}</p>
      </div>
      <LoadStates loaded={stats} label="Overview">
        {(data) => <OverviewFigures stats={data} />}
      </LoadStates>
    </section>
  );
}

function OverviewFigures({ stats }: { stats: OverviewStats }) {
  const { rows, currencies, metrics, metric, setMetricKey, directory, courseNames } = useOverviewFigures(stats);
  return (
    <>
      <FigureGroups stats={stats} />
      <PerDay rows={rows} currencies={currencies} metrics={metrics} metric={metric} onMetric={setMetricKey} />
      <Breakdowns stats={stats} directory={directory} courseNames={courseNames} />
    </>
  );
}

import { Component, lazy, Suspense, useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import type { StatsRange } from '@agentdock/contracts';
import { Button, formatPrice, LoadingBlock, SegmentedControl, TextField } from '@agentdock/ui';
import type { OverviewStats } from '../api/stats-api';
import { useAdminApi } from '../api/use-admin-api';
import { SelectField } from '../console/fields';
import { formatNumber } from '../console/format';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';
import { UserLabel } from '../console/user-label';
import { useUserDirectory } from '../console/use-user-directory';
import { chartMetrics, checkRange, currenciesOf, dayRows, DEFINITIONS, formatMoney, lastDays, overviewCsv, PRESET_DAYS, type RangeChoice } from './overview-figures';

// uPlot and its styles load with the overview's first chart, never with the rest of the console.
const OverviewChart = lazy(() => import('./overview-chart'));

const RANGE_OPTIONS: ReadonlyArray<{ value: RangeChoice; label: string }> = [
  ...PRESET_DAYS.map((days) => ({ value: `${days}` as RangeChoice, label: `${days} days` })),
  { value: 'custom', label: 'Custom' },
];

/** Revenue, growth and usage for a range, each figure computed by the service that owns its data. */
export function OverviewTab() {
  const api = useAdminApi();
  const [choice, setChoice] = useState<RangeChoice>('30');
  const [custom, setCustom] = useState<StatsRange>(() => lastDays(30));
  const range = choice === 'custom' ? custom : lastDays(Number(choice));
  const stats = useLoad((signal) => api.stats.overview(range, { signal }), `${range.from}/${range.to}`);
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

function CustomRange({ initial, onApply }: { initial: StatsRange; onApply: (range: StatsRange) => void }) {
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkRange({ from, to });
    if ('range' in checked) {
      setError(null);
      onApply(checked.range);
    } else {
      setError(checked);
    }
  }
  return (
    <form className="adm-filters" onSubmit={apply} noValidate>
      <TextField label="From" type="date" value={from} onChange={(event) => setFrom(event.target.value)} error={error?.field === 'from' ? error.message : undefined} />
      <TextField label="To" type="date" value={to} onChange={(event) => setTo(event.target.value)} error={error?.field === 'to' ? error.message : undefined} />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </form>
  );
}

function CsvButton({ stats, range }: { stats: OverviewStats; range: StatsRange }) {
  function download() {
    const url = URL.createObjectURL(new Blob([overviewCsv(stats)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `agentdock-overview-${range.from}-to-${range.to}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  }
  return (
    <Button variant="secondary" onClick={download}>
      Export CSV
    </Button>
  );
}

/** A figure with its definition one focus or hover away, and read out with the figure. */
function Figure({ label, value, definition, testId }: { label: string; value: ReactNode; definition: string; testId: string }) {
  const tip = useId();
  return (
    <div className="adm-figure">
      <dt>
        {label}
        <button type="button" className="adm-figure__info" aria-label={`What is ${label}?`} aria-describedby={tip}>
          ?
        </button>
        <span role="tooltip" id={tip} className="adm-figure__tip">
          {definition}
        </span>
      </dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

function OverviewFigures({ stats }: { stats: OverviewStats }) {
  const rows = useMemo(() => dayRows(stats), [stats]);
  const currencies = useMemo(() => currenciesOf(rows, stats), [rows, stats]);
  const metrics = useMemo(() => chartMetrics(currencies), [currencies]);
  const [metricKey, setMetricKey] = useState(metrics[0]!.key);
  const metric = metrics.find((candidate) => candidate.key === metricKey) ?? metrics[0]!;
  const { billing, identity, chat, catalog } = stats;
  const directory = useUserDirectory(chat.topCustomers.map((customer) => customer.userId));
  return (
    <>
      <h3 className="adm-overview__group">Revenue</h3>
      <dl className="adm-figures">
        <Figure label="MRR" testId="figure-mrr" value={formatMoney(billing.mrr)} definition={DEFINITIONS.mrr} />
        <Figure label="ARR" testId="figure-arr" value={formatMoney(billing.arr)} definition={DEFINITIONS.arr} />
        <Figure
          label="Past-due MRR"
          testId="figure-past-due"
          value={`${formatMoney(billing.pastDueMrr)} (${formatNumber(billing.pastDueCustomers)})`}
          definition={DEFINITIONS.pastDueMrr}
        />
        <Figure label="Revenue collected" testId="figure-revenue" value={formatMoney(billing.revenue)} definition={DEFINITIONS.revenue} />
        <Figure label="Paying customers" testId="figure-paying" value={formatNumber(billing.payingCustomers)} definition={DEFINITIONS.payingCustomers} />
        <Figure label="ARPU" testId="figure-arpu" value={formatMoney(billing.arpu)} definition={DEFINITIONS.arpu} />
      </dl>
      <h3 className="adm-overview__group">Growth</h3>
      <dl className="adm-figures">
        <Figure label="New sign-ups" testId="figure-signups" value={formatNumber(identity.signUps)} definition={DEFINITIONS.signUps} />
        <Figure label="Confirmed sign-ups" testId="figure-confirmed" value={formatNumber(identity.confirmedSignUps)} definition={DEFINITIONS.confirmedSignUps} />
        <Figure label="Free → paid" testId="figure-conversions" value={formatNumber(billing.conversions)} definition={DEFINITIONS.conversions} />
        <Figure label="Cancellations" testId="figure-cancellations" value={formatNumber(billing.cancellations)} definition={DEFINITIONS.cancellations} />
        <Figure label="MRR churn" testId="figure-mrr-churn" value={formatMoney(billing.mrrChurn)} definition={DEFINITIONS.mrrChurn} />
      </dl>
      <h3 className="adm-overview__group">Usage</h3>
      <dl className="adm-figures">
        <Figure label="Web messages" testId="figure-messages" value={formatNumber(chat.messages)} definition={DEFINITIONS.messages} />
        <Figure label="Web credits" testId="figure-credits" value={formatNumber(chat.credits)} definition={DEFINITIONS.credits} />
        <Figure label="API requests" testId="figure-api-requests" value={formatNumber(chat.apiRequests)} definition={DEFINITIONS.apiRequests} />
        <Figure label="API credits" testId="figure-api-credits" value={formatNumber(chat.apiCredits)} definition={DEFINITIONS.apiCredits} />
      </dl>
      <h3 className="adm-overview__group">Learning</h3>
      <dl className="adm-figures">
        <Figure label="Lesson completions" testId="figure-lesson-completions" value={formatNumber(catalog.lessonCompletions)} definition={DEFINITIONS.lessonCompletions} />
      </dl>

      <div className="adm-panel-head">
        <h3>Per day</h3>
        <SelectField label="Chart" value={metric.key} onChange={(event) => setMetricKey(event.target.value)} options={metrics.map(({ key, label }) => ({ value: key, label }))} />
      </div>
      <ChartBoundary>
        <Suspense fallback={<LoadingBlock label="Loading the chart…" />}>
          <OverviewChart rows={rows} metric={metric} />
        </Suspense>
      </ChartBoundary>
      <DailyTable rows={rows} currencies={currencies} />

      <div className="adm-overview__lists">
        <Breakdown title="Paying customers by plan" head={['Plan', 'Billing', 'Customers', 'MRR']} empty="No paying customers.">
          {billing.byPlan.map((plan) => (
            <tr key={`${plan.tier}/${plan.interval}/${plan.currency}`}>
              <td>{plan.tier}</td>
              <td>{plan.interval === 'year' ? 'Annual' : 'Monthly'}</td>
              <td>{formatNumber(plan.customers)}</td>
              <td>{formatPrice(plan.mrr, plan.currency)}</td>
            </tr>
          ))}
        </Breakdown>
        <Breakdown title="Top agents" head={['Agent', 'Messages', 'Credits']} empty="No messages in this range." definition={DEFINITIONS.webOnly}>
          {chat.byAgent.map((agent) => (
            <tr key={agent.agentId}>
              <td>{agent.name ?? agent.agentId}</td>
              <td>{formatNumber(agent.messages)}</td>
              <td>{formatNumber(agent.credits)}</td>
            </tr>
          ))}
        </Breakdown>
        <Breakdown title="Top customers by credits" head={['Customer', 'Messages', 'Credits']} empty="No messages in this range." definition={DEFINITIONS.webOnly}>
          {chat.topCustomers.map((customer) => (
            <tr key={customer.userId}>
              <td>
                <UserLabel id={customer.userId} user={directory.get(customer.userId)} />
              </td>
              <td>{formatNumber(customer.messages)}</td>
              <td>{formatNumber(customer.credits)}</td>
            </tr>
          ))}
        </Breakdown>
        <Breakdown title="Course members" head={['Course', 'Members', 'Joined in range']} empty="No courses." definition={DEFINITIONS.courseMembers}>
          {catalog.courses.map((course) => (
            <tr key={course.courseId}>
              <td>{course.courseId}</td>
              <td>{formatNumber(course.members)}</td>
              <td>{formatNumber(course.newMembers)}</td>
            </tr>
          ))}
        </Breakdown>
      </div>
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

function Breakdown({ title, head, empty, definition, children }: { title: string; head: string[]; empty: string; definition?: string; children: ReactNode[] }) {
  const id = useId();
  return (
    <div className="adm-breakdown">
      <h3 id={id} title={definition}>
        {title}
      </h3>
      {children.length === 0 ? (
        <p className="adm-empty">{empty}</p>
      ) : (
        <div className="adm-table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
          <table className="adm-table" aria-labelledby={id}>
            <thead>
              <tr>
                {head.map((cell) => (
                  <th key={cell} scope="col">
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/**
 * The chart's figures as a table: what a screen reader reads instead of the canvas. It is hidden
 * inside a box, not by its own class: a table is never narrower than its columns (it ignores the
 * 1 px width and its overflow), so a hidden table of ten columns would widen the page on a phone.
 */
function DailyTable({ rows, currencies }: { rows: ReturnType<typeof dayRows>; currencies: string[] }) {
  return (
    <div className="ad-visually-hidden">
      <table data-testid="overview-days">
        <caption>Figures per day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {currencies.map((currency) => (
              <th key={currency} scope="col">{`Revenue (${currency.toUpperCase()})`}</th>
            ))}
            <th scope="col">Sign-ups</th>
            <th scope="col">Confirmed sign-ups</th>
            <th scope="col">Conversions</th>
            <th scope="col">Cancellations</th>
            <th scope="col">Web messages</th>
            <th scope="col">Web credits</th>
            <th scope="col">API requests</th>
            <th scope="col">API credits</th>
            <th scope="col">New course members</th>
            <th scope="col">Lesson completions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.date}>
              <th scope="row">{row.date}</th>
              {currencies.map((currency) => (
                <td key={currency}>{formatPrice(row.revenue[currency] ?? 0, currency)}</td>
              ))}
              <td>{formatNumber(row.signUps)}</td>
              <td>{formatNumber(row.confirmedSignUps)}</td>
              <td>{formatNumber(row.conversions)}</td>
              <td>{formatNumber(row.cancellations)}</td>
              <td>{formatNumber(row.messages)}</td>
              <td>{formatNumber(row.credits)}</td>
              <td>{formatNumber(row.apiRequests)}</td>
              <td>{formatNumber(row.apiCredits)}</td>
              <td>{formatNumber(row.newCourseMembers)}</td>
              <td>{formatNumber(row.lessonCompletions)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

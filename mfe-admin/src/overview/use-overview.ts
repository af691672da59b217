import { useMemo, useState } from 'react';
import type { StatsRange } from '@agentdock/contracts';
import type { OverviewStats } from '../api/stats-api';
import { useAdminApi } from '../api/use-admin-api';
import { useLoad } from '../console/use-load';
import { useUserDirectory } from '../console/use-user-directory';
import { chartMetrics, currenciesOf, dayRows, lastDays, type RangeChoice } from './overview-figures';

/** The chosen range and the overview's figures for it, loaded again whenever the range changes. */
export function useOverview() {
  const api = useAdminApi();
  const [choice, setChoice] = useState<RangeChoice>('30');
  const [custom, setCustom] = useState<StatsRange>(() => lastDays(30));
  const range = choice === 'custom' ? custom : lastDays(Number(choice));
  const stats = useLoad((signal) => api.stats.overview(range, { signal }), `${range.from}/${range.to}`);
  return { choice, setChoice, custom, setCustom, range, stats };
}

/** The loaded figures shaped for the page: one row per day, the chart's metric, who the top customers are. */
export function useOverviewFigures(stats: OverviewStats) {
  const rows = useMemo(() => dayRows(stats), [stats]);
  const currencies = useMemo(() => currenciesOf(rows, stats), [rows, stats]);
  const metrics = useMemo(() => chartMetrics(currencies), [currencies]);
  const [metricKey, setMetricKey] = useState(metrics[0]!.key);
  const metric = metrics.find((candidate) => candidate.key === metricKey) ?? metrics[0]!;
  const directory = useUserDirectory(stats.chat.topCustomers.map((customer) => customer.userId));
  const courseNames = useCourseNames();
  return { rows, currencies, metrics, metric, setMetricKey, directory, courseNames };
}

/**
 * Course titles by id, from the catalog: the overview names courses, never their slugs (the id
 * while they load), archived ones too, since their members still count.
 */
function useCourseNames(): Map<string, string> {
  const api = useAdminApi();
  const courses = useLoad((signal) => api.catalog.listAllCourses({ signal }), 'courses');
  return useMemo(() => new Map((courses.data ?? []).map((course) => [course.id, course.title])), [courses.data]);
}

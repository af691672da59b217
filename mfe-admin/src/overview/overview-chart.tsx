import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartMetric, DayRow } from './overview-figures';

const HEIGHT = 240;
const LINE = '#2563eb';

/**
 * The per-day line of one figure, drawn by uPlot (a ~20 KB canvas chart). This module is loaded
 * lazily by the overview, so neither the library nor its styles reach a page without the chart.
 */
export default function OverviewChart({ rows, metric }: { rows: readonly DayRow[]; metric: ChartMetric }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Days are UTC midnights, and are labelled as the services counted them.
    const xs = rows.map((row) => Date.parse(`${row.date}T00:00:00Z`) / 1000);
    const ys = rows.map(metric.value);
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 280),
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true } },
        series: [{}, { label: metric.label, stroke: LINE, width: 2, fill: 'rgba(37, 99, 235, 0.08)', points: { show: rows.length <= 31 } }],
      },
      [xs, ys],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [rows, metric]);
  const last = rows.at(-1);
  return <div ref={box} className="adm-chart" data-points={rows.length} data-last-day={last?.date} data-last-value={last ? metric.value(last) : undefined} aria-hidden="true" />;
}

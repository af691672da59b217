import { useId } from 'react';
import type { UsageSummary } from '../api/chat-api';
import { formatCompact, formatCount, formatDay } from './format';

type DailyUsage = UsageSummary['daily'];

/**
 * The top of the scale: the peak rounded up to 1, 2 or 5 times a power of ten, at least 10, so the
 * gridlines (top, half, zero) read as whole numbers.
 */
export function scaleTop(peak: number): number {
  if (peak <= 10) return 10;
  const magnitude = 10 ** Math.floor(Math.log10(peak));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= peak)!;
  return step * magnitude;
}

/** One sentence that says what the chart shows, for screen readers and as its description. */
export function describeUsage(daily: DailyUsage): string {
  const total = daily.reduce((sum, day) => sum + day.creditsUsed, 0);
  if (total === 0) return `No platform credits used in the last ${daily.length} days.`;
  const peak = daily.reduce((best, day) => (day.creditsUsed > best.creditsUsed ? day : best));
  return `${formatCount(total)} platform credits used in the last ${daily.length} days; the most on ${formatDay(peak.date, undefined, 'long')} (${formatCount(peak.creditsUsed)}).`;
}

/**
 * Credits used per day as bars, oldest day on the left. The SVG stretches to the card's width;
 * its labels are HTML so they keep their size on any screen. The same numbers are available as a
 * table for anyone who cannot see the bars.
 */
export function UsageChart({ daily }: { daily: DailyUsage }) {
  const titleId = useId();
  const descId = useId();
  const top = scaleTop(Math.max(0, ...daily.map((day) => day.creditsUsed)));
  const slot = 10;
  const width = Math.max(1, daily.length) * slot;
  const first = daily[0];
  const last = daily[daily.length - 1];

  return (
    <div className="acc-chart">
      <div className="acc-chart__plot">
        <div className="acc-chart__axis" aria-hidden="true">
          <span>{formatCompact(top)}</span>
          <span>{formatCompact(top / 2)}</span>
          <span>0</span>
        </div>
        <svg className="acc-chart__svg" role="img" aria-labelledby={`${titleId} ${descId}`} viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" data-testid="usage-chart">
          <title id={titleId}>Credits used per day</title>
          <desc id={descId}>{describeUsage(daily)}</desc>
          {[0, 50, 100].map((y) => (
            <line key={y} x1={0} x2={width} y1={y} y2={y} className="acc-chart__grid" vectorEffect="non-scaling-stroke" />
          ))}
          {daily.map((day, index) => {
            const height = day.creditsUsed > 0 ? Math.max(1, (day.creditsUsed / top) * 100) : 0;
            return (
              <rect
                key={day.date}
                className="acc-chart__bar"
                x={index * slot + 1.5}
                y={100 - height}
                width={slot - 3}
                height={height}
                data-date={day.date}
                data-credits={day.creditsUsed}
              >
                <title>{`${formatDay(day.date)}: ${formatCount(day.creditsUsed)} credits, ${formatCount(day.messages)} messages`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {first && last && (
        <div className="acc-chart__dates" aria-hidden="true">
          <span>{formatDay(first.date)}</span>
          <span>{formatDay(last.date)}</span>
        </div>
      )}
      <details className="acc-chart__table">
        <summary>Show the numbers</summary>
        <table>
          <caption className="ad-visually-hidden">Credits used per day, last {daily.length} days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Credits used</th>
              <th scope="col">Messages</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.date} data-date={day.date}>
                <th scope="row">{formatDay(day.date, undefined, 'long')}</th>
                <td>{formatCount(day.creditsUsed)}</td>
                <td>{formatCount(day.messages)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

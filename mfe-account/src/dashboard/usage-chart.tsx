import './usage-chart.css';
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

/** Credits the day's API requests cost (absent in answers from before the API). */
const apiCredits = (day: DailyUsage[number]) => day.apiCredits ?? 0;
/** Web chat and API credits of one day: the height of its stacked bar. */
const dayTotal = (day: DailyUsage[number]) => day.creditsUsed + apiCredits(day);

/** Whether any day of the series has API requests: only then do the numbers need API columns. */
export function hasApiUsage(daily: DailyUsage): boolean {
  return daily.some((day) => apiCredits(day) > 0 || (day.apiMessages ?? 0) > 0);
}

/** One sentence that says what the chart shows, for screen readers and as its description. */
export function describeUsage(daily: DailyUsage): string {
  const web = daily.reduce((sum, day) => sum + day.creditsUsed, 0);
  const api = daily.reduce((sum, day) => sum + apiCredits(day), 0);
  const total = web + api;
  if (total === 0) return `No platform credits used in the last ${daily.length} days.`;
  const peak = daily.reduce((best, day) => (dayTotal(day) > dayTotal(best) ? day : best));
  const split = api > 0 ? ` (${formatCount(web)} in the chat, ${formatCount(api)} by the API)` : '';
  return `${formatCount(total)} platform credits used in the last ${daily.length} days${split}; the most on ${formatDay(peak.date, undefined, 'long')} (${formatCount(dayTotal(peak))}).`;
}

/**
 * Credits used per day as bars, oldest day on the left: web chat at the bottom, API requests
 * stacked on top. The SVG stretches to the card's width; its labels are HTML so they keep their
 * size on any screen. The same numbers are available as a table for anyone who cannot see the bars.
 */
export function UsageChart({ daily }: { daily: DailyUsage }) {
  const titleId = useId();
  const descId = useId();
  const top = scaleTop(Math.max(0, ...daily.map(dayTotal)));
  const withApi = hasApiUsage(daily);
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
            const api = apiCredits(day);
            const apiHeight = api > 0 ? Math.max(1, (api / top) * 100) : 0;
            return (
              <g key={day.date}>
                <rect className="acc-chart__bar" x={index * slot + 1.5} y={100 - height} width={slot - 3} height={height} data-date={day.date} data-credits={day.creditsUsed}>
                  <title>{`${formatDay(day.date)}: ${formatCount(day.creditsUsed)} credits, ${formatCount(day.messages)} messages`}</title>
                </rect>
                {apiHeight > 0 && (
                  <rect
                    className="acc-chart__bar acc-chart__bar--api"
                    x={index * slot + 1.5}
                    y={100 - height - apiHeight}
                    width={slot - 3}
                    height={apiHeight}
                    data-api-date={day.date}
                    data-api-credits={api}
                  >
                    <title>{`${formatDay(day.date)}: ${formatCount(api)} credits, ${formatCount(day.apiMessages ?? 0)} API requests`}</title>
                  </rect>
                )}
              </g>
            );
          })}
        </svg>
      </div>
      <ul className="ad-plain-list acc-chart__legend" aria-label="Legend">
        <li>
          <span className="acc-chart__swatch" aria-hidden="true" /> Chat on this site
        </li>
        <li>
          <span className="acc-chart__swatch acc-chart__swatch--api" aria-hidden="true" /> API requests
        </li>
      </ul>
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
              <th scope="col">{withApi ? 'Chat credits' : 'Credits used'}</th>
              <th scope="col">{withApi ? 'Chat messages' : 'Messages'}</th>
              {withApi && <th scope="col">API credits</th>}
              {withApi && <th scope="col">API requests</th>}
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.date} data-date={day.date}>
                <th scope="row">{formatDay(day.date, undefined, 'long')}</th>
                <td>{formatCount(day.creditsUsed)}</td>
                <td>{formatCount(day.messages)}</td>
                {withApi && <td>{formatCount(apiCredits(day))}</td>}
                {withApi && <td>{formatCount(day.apiMessages ?? 0)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

import { formatPrice } from '@agentdock/ui';
import { formatNumber } from '../console/format';
import type { DayRow } from './overview-figures';

/**
 * The chart's figures as a table: what a screen reader reads instead of the canvas. It is hidden
 * inside a box, not by its own class: a table is never narrower than its columns (it ignores the
 * 1 px width and its overflow), so a hidden table of ten columns would widen the page on a phone.
 */
export function DailyTable({ rows, currencies }: { rows: readonly DayRow[]; currencies: string[] }) {
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

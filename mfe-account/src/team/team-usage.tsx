import { useEffect, useId, useState } from 'react';
import { isAbortError } from '@agentdock/api-client';
import type { StatsRange, TeamMember } from '@agentdock/contracts';
import { describeFailure, Spinner, TruncatedText } from '@agentdock/ui';
import { UsageChart } from '../dashboard/usage-chart';
import { formatCount } from '../dashboard/format';
import type { PoolApi, PoolUsage } from './pool-api';

const RANGES = { period: 'This month of the plan', 30: 'Last 30 days', 90: 'Last 90 days' } as const;
type RangeChoice = keyof typeof RANGES;
const EVERYONE = 'everyone';

/** The last `days` UTC days, today included. */
export function lastDays(days: number, now = new Date()): StatsRange {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** One series for the chart: a member's days, or every member's added up day by day. */
export function dailySeries(usage: PoolUsage, who: string) {
  const rows = who === EVERYONE ? usage.members : usage.members.filter((member) => member.userId === who);
  const days = rows[0]?.days.map((day) => ({ date: day.date, creditsUsed: 0, messages: 0 })) ?? [];
  for (const member of rows)
    member.days.forEach((day, index) => {
      days[index]!.creditsUsed += day.credits;
      days[index]!.messages += day.messages;
    });
  return days;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'loaded'; usage: PoolUsage };

/** Credits from the team's pool per member and day, as a chart and as numbers; owners and admins see everyone, a member themself. */
export function TeamUsage({ api, orgId, members }: { api: PoolApi; orgId: string; members: TeamMember[] }) {
  const [range, setRange] = useState<RangeChoice>('period');
  const [who, setWho] = useState(EVERYONE);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const ids = useId();
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    api
      .usage(orgId, range === 'period' ? null : lastDays(range), { signal: controller.signal })
      .then((usage) => setLoaded({ state: 'loaded', usage }))
      .catch((failure: unknown) => {
        if (!isAbortError(failure) && !controller.signal.aborted) setLoaded({ state: 'failed', message: describeFailure(failure).message });
      });
    return () => controller.abort();
  }, [api, orgId, range]);

  const nameOf = (userId: string) => {
    const member = members.find((entry) => entry.userId === userId);
    return member ? (member.fullName ?? member.email) : 'A former member';
  };
  const usage = loaded.state === 'loaded' ? loaded.usage : null;
  const several = (usage?.members.length ?? 0) > 1;
  return (
    <div className="acc-team__usage">
      <div className="ad-row acc-team__switch">
        <label htmlFor={`${ids}-range`} className="acc-team__pick">
          <span className="ad-field__label">Period</span>
          <select
            id={`${ids}-range`}
            className="ad-input"
            value={range}
            onChange={(event) => setRange(event.target.value === 'period' ? 'period' : (Number(event.target.value) as 30 | 90))}
          >
            {Object.entries(RANGES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {several && (
          <label htmlFor={`${ids}-who`} className="acc-team__pick">
            <span className="ad-field__label">Member</span>
            <select id={`${ids}-who`} className="ad-input" value={who} onChange={(event) => setWho(event.target.value)}>
              <option value={EVERYONE}>Everyone</option>
              {usage!.members.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {nameOf(member.userId)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {loaded.state === 'loading' && <Spinner label="Loading the team’s usage…" />}
      {loaded.state === 'failed' && (
        <p className="ad-field__error" role="alert">
          The usage could not be loaded: {loaded.message}
        </p>
      )}
      {usage && (
        <>
          <UsageChart daily={dailySeries(usage, several ? who : EVERYONE)} />
          <table className="acc-team__usage-table" data-testid="team-usage-totals">
            <caption className="ad-visually-hidden">Credits and replies per member in the period shown</caption>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Credits</th>
                <th scope="col">Replies</th>
              </tr>
            </thead>
            <tbody>
              {usage.members.map((member) => (
                <tr key={member.userId}>
                  <th scope="row">
                    <TruncatedText text={nameOf(member.userId)} />
                  </th>
                  <td>{formatCount(member.days.reduce((sum, day) => sum + day.credits, 0))}</td>
                  <td>{formatCount(member.days.reduce((sum, day) => sum + day.messages, 0))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

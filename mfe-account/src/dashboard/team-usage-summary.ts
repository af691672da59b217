import type { PoolUsage, UsageSummary } from '@agentdock/contracts';

/**
 * The dashboard's usage in a team's workspace: the signed-in member's own spending from the pool in
 * its current period, day by day. The pool's rollup counts credits and replies, not tokens nor web
 * and API apart, so those figures are absent rather than shown as zero.
 */
export interface TeamUsage {
  team: { name: string; since: string };
  messageCount: number;
  totalCreditsUsed: number;
  daily: UsageSummary['daily'];
}

export type DashboardUsage = UsageSummary | TeamUsage;

export const isTeamUsage = (usage: DashboardUsage): usage is TeamUsage => 'team' in usage;

export function teamUsageSummary(usage: PoolUsage, memberId: string | null, teamName: string): TeamUsage {
  const days = usage.members.find((member) => member.userId === memberId)?.days ?? [];
  // A day's credits can be below zero when a reply reserved the day before was refunded: the
  // chart and the totals count what was spent, never a negative day.
  const daily = days.map((day) => ({ date: day.date, creditsUsed: Math.max(0, day.credits), messages: day.messages }));
  return {
    team: { name: teamName, since: usage.from },
    messageCount: daily.reduce((sum, day) => sum + day.messages, 0),
    totalCreditsUsed: Math.max(
      0,
      days.reduce((sum, day) => sum + day.credits, 0),
    ),
    daily,
  };
}

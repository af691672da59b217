import { useId, type ReactNode } from 'react';
import { CANCELLATION_REASON_LABELS, type CancellationReason, SUBSCRIPTION_TIER_LABELS, type SubscriptionTier, type UserProfile } from '@agentdock/contracts';
import { formatPrice } from '@agentdock/ui';
import type { OverviewStats } from '../api/stats-api';
import { formatNumber } from '../console/format';
import { UserLabel } from '../console/user-label';
import { DEFINITIONS } from './overview-figures';

export interface BreakdownsProps {
  stats: OverviewStats;
  directory: Map<string, UserProfile>;
  /** Course titles by id (the catalog's). */
  courseNames: Map<string, string>;
}

/** A tier as customers know it ("Pro"); an unknown one as sent. */
const tierName = (tier: string) => SUBSCRIPTION_TIER_LABELS[tier as SubscriptionTier] ?? tier;

/**
 * Who the range's figures come from: plans, agents, customers and courses, each in a table. Names,
 * never slugs; figures right-aligned and never broken; a long customer cut with the whole on hover.
 */
export function Breakdowns({ stats: { billing, chat, catalog }, directory, courseNames }: BreakdownsProps) {
  return (
    <div className="adm-overview__lists">
      <Breakdown title="Paying customers by plan" head={['Plan', 'Billing', 'Customers', 'MRR']} numericFrom={2} empty="No paying customers.">
        {billing.byPlan.map((plan) => (
          <tr key={`${plan.tier}/${plan.interval}/${plan.currency}`}>
            <td>{tierName(plan.tier)}</td>
            <td>{plan.interval === 'year' ? 'Annual' : 'Monthly'}</td>
            <td className="adm-number">{formatNumber(plan.customers)}</td>
            <td className="adm-number">{formatPrice(plan.mrr, plan.currency)}</td>
          </tr>
        ))}
      </Breakdown>
      <Breakdown title="Cancellation reasons" head={['Reason', 'Requests']} empty="No cancellations requested in this range." definition={DEFINITIONS.cancellationReasons}>
        {billing.cancellationReasons.map((row) => (
          <tr key={row.reason ?? 'none'}>
            <td>{reasonLabel(row.reason)}</td>
            <td className="adm-number">{formatNumber(row.count)}</td>
          </tr>
        ))}
      </Breakdown>
      <Breakdown title="Top agents" head={['Agent', 'Messages', 'Credits']} empty="No messages in this range." definition={DEFINITIONS.webOnly}>
        {chat.byAgent.map((agent) => (
          <tr key={agent.agentId}>
            <td>{agent.name ?? agent.agentId}</td>
            <td className="adm-number">{formatNumber(agent.messages)}</td>
            <td className="adm-number">{formatNumber(agent.credits)}</td>
          </tr>
        ))}
      </Breakdown>
      <Breakdown title="Top customers by credits" head={['Customer', 'Messages', 'Credits']} empty="No messages in this range." definition={DEFINITIONS.webOnly}>
        {chat.topCustomers.map((customer) => (
          <tr key={customer.userId}>
            <td>
              <UserLabel id={customer.userId} user={directory.get(customer.userId)} focusable />
            </td>
            <td className="adm-number">{formatNumber(customer.messages)}</td>
            <td className="adm-number">{formatNumber(customer.credits)}</td>
          </tr>
        ))}
      </Breakdown>
      <Breakdown title="Course members" head={['Course', 'Members', 'Joined in range']} empty="No courses." definition={DEFINITIONS.courseMembers}>
        {catalog.courses.map((course) => (
          <tr key={course.courseId}>
            <td>{courseNames.get(course.courseId) ?? course.courseId}</td>
            <td className="adm-number">{formatNumber(course.members)}</td>
            <td className="adm-number">{formatNumber(course.newMembers)}</td>
          </tr>
        ))}
      </Breakdown>
    </div>
  );
}

function reasonLabel(reason: string | null): string {
  if (reason === null) return 'No reason given';
  return CANCELLATION_REASON_LABELS[reason as CancellationReason] ?? reason;
}

/** `numericFrom`: the index of the first column of figures (they and the columns after it are right-aligned). */
function Breakdown({
  title,
  head,
  numericFrom = 1,
  empty,
  definition,
  children,
}: {
  title: string;
  head: string[];
  numericFrom?: number;
  empty: string;
  definition?: string;
  children: ReactNode[];
}) {
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
                {head.map((cell, index) => (
                  <th key={cell} scope="col" className={index >= numericFrom ? 'adm-number' : undefined}>
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

import { type SQL, sql } from '@agentdock/service-data/orm';

/**
 * For a team's pool, the member's part of the reservation in the same statement: the member's row
 * locked first (every transaction on a pool takes the member before the wallet), their monthly cap
 * checked on their figures as they are, and the reservation counted on it with the wallet's
 * period. In one statement the pool's row is locked only while the statement runs and commits,
 * with no round trip to the service in between: all 50 members of a team wait on that one row.
 */
export function memberCounting(credits: SQL, booked: SQL) {
  return {
    lock: sql`
  member as materialized (
    select monthly_cap, spent, spent_period from chat_pool_members
    where organisation_id = ${sql.placeholder('walletId')}::uuid and user_id = ${sql.placeholder('memberId')}::uuid and role is not null
    for update
  ),`,
    guard: sql`
      and exists (
        select 1 from member
        where member.monthly_cap is null
          or (case when member.spent_period = chat_wallets.period_start then member.spent else 0 end) + ${credits} <= member.monthly_cap
      )`,
    hold: sql`, member_hold as (
    update chat_pool_members as held
    set spent = (case when held.spent_period = ${booked}.period_start then held.spent else 0 end) + ${credits},
        spent_period = ${booked}.period_start,
        last_active_at = ${sql.placeholder('at')}::timestamptz
    from ${booked}
    where held.organisation_id = ${booked}.user_id and held.user_id = ${sql.placeholder('memberId')}::uuid
  )`,
  };
}

/** Whether the reservation's statement checks and counts a pool member's cap itself (`memberCounting`). */
export interface MemberCounting {
  countsMember?: boolean;
}

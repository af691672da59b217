import type { RollupDefinition } from '@agentdock/service-data';
import { bigint, date, pgTable } from '@agentdock/service-data/pg-core';

/**
 * The admin figures' daily rollup (migration 0006): per UTC day, the accounts created that day and
 * how many of them have confirmed their address. A trigger on `users` keeps it in the transaction
 * that writes the account, whatever the write path; the view `identity_signups_daily_recomputed`
 * states the same figures from the raw rows, for the backfill and `npm run stats:verify`.
 */
export const identitySignupsDaily = pgTable('identity_signups_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  signUps: bigint('sign_ups', { mode: 'number' }).notNull().default(0),
  confirmed: bigint('confirmed', { mode: 'number' }).notNull().default(0),
});

/** Each rollup and the view of migration 0006 that recomputes it from the raw rows (`npm run stats:verify -- identity`). */
export const identityRollups: readonly RollupDefinition[] = [
  { table: 'identity_signups_daily', recomputed: 'identity_signups_daily_recomputed', keys: ['day'], values: ['sign_ups', 'confirmed'] },
];

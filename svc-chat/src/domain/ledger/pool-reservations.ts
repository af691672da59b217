import type { Db, NamedStatement } from '@agentdock/service-data';
import { GroupCommits, namedStatement } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import type { ChatSchema } from '../../db/schema';

/** A pool's members, locked in one order: a group of reservations takes them all before the pool's row. */
const poolMembersLock = namedStatement(
  'pool_members_lock',
  sql`select 1 from chat_pool_members where organisation_id = ${sql.placeholder('walletId')}::uuid and user_id = any(${sql.placeholder('memberIds')}::uuid[]) order by user_id for update`,
);

type PoolReservationValues = Record<string, unknown> & { walletId: string; memberId: string | null };

/**
 * A pool's reservations made at once (members' sends), committed in groups: all of a team's
 * members reserve on its one wallet row, each holding it to its commit's flush (`GroupCommits`).
 * Each statement locks its member's row before the pool's, so a group takes all of its members'
 * rows first, in the order of their ids.
 */
const poolReservations = new GroupCommits<{ statement: NamedStatement; values: PoolReservationValues }>({
  lockFirst: (items) => ({
    statement: poolMembersLock,
    values: { walletId: items[0]!.values.walletId, memberIds: [...new Set(items.map(({ values }) => values.memberId).filter((id) => id !== null))] },
  }),
});

/** Runs a pool member's reservation statement (one that counts their cap) on the root handle, grouped with the pool's others. */
export function runPoolReservation(db: Db<ChatSchema>, statement: NamedStatement, values: PoolReservationValues): Promise<Record<string, unknown>[]> {
  return poolReservations.run(db, values.walletId, { statement, values });
}

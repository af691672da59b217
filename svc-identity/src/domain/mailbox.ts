import type { MailboxMessage } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { desc, eq, sql } from '@agentdock/service-data/orm';
import { mailbox } from '../db/schema';

/** The page shows a working set, not an archive. */
const NEWEST = 200;

/** The newest emails kept by the local mailbox, optionally only those to one address. */
export async function listMailbox(db: Db, to?: string): Promise<MailboxMessage[]> {
  const rows = await db
    .select()
    .from(mailbox)
    .where(to ? eq(sql`lower(${mailbox.to})`, to.toLowerCase()) : undefined)
    .orderBy(desc(mailbox.sentAt), desc(mailbox.id))
    .limit(NEWEST);
  return rows.map((row) => ({ ...row, sentAt: row.sentAt.toISOString() }));
}

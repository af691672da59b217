import type { TeamActivityAction, TeamActivityList } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { desc, eq } from '@agentdock/service-data/orm';
import { organisationActivity } from '../../db/schema';

export interface ActivityInput {
  organisationId: string;
  action: TeamActivityAction;
  actorEmail: string | null;
  /** Whom it was about: an address, for members and invitees alike. */
  subject?: string | null;
  detail?: string | null;
}

/** Written in the transaction of the change it records, so the log never misses or invents one. */
export async function recordActivity(tx: Db, input: ActivityInput): Promise<void> {
  await tx.insert(organisationActivity).values({ ...input, subject: input.subject ?? null, detail: input.detail ?? null });
}

/** The team's log, newest first (the latest 500: the page shows recent history). */
export async function listActivity(db: Db, organisationId: string): Promise<TeamActivityList> {
  const rows = await db
    .select()
    .from(organisationActivity)
    .where(eq(organisationActivity.organisationId, organisationId))
    .orderBy(desc(organisationActivity.createdAt), desc(organisationActivity.id))
    .limit(500);
  return {
    activity: rows.map((row) => ({
      id: row.id,
      action: row.action as TeamActivityAction,
      actorEmail: row.actorEmail,
      subject: row.subject,
      detail: row.detail,
      at: row.createdAt.toISOString(),
    })),
  };
}

import { rangeBounds, type StatsRange, TEAM_ACTIVITY_CSV_COLUMNS, TEAM_ACTIVITY_WORDS, type TeamActivityAction, teamActivityCsvFileName } from '@agentdock/contracts';
import { afterCursor, type CsvCell, cursorTime, type Db, inPages, sendCsv } from '@agentdock/service-data';
import { and, asc, eq, gte, lt } from '@agentdock/service-data/orm';
import type { Response } from 'express';
import { organisationActivity, type OrganisationRow } from '../../db/schema';

/** An action the words do not know yet (a newer instance wrote it) is still readable: its own words. */
const wordsFor = (action: string) => TEAM_ACTIVITY_WORDS[action as TeamActivityAction] ?? action.replace(/[._]/g, ' ');

/**
 * The team's log in the range as CSV, oldest first, read a page at a time while the response
 * takes it (a long-lived team's history is never all in memory), the file named for the team and range.
 */
export function sendActivityCsv(db: Db, organisation: OrganisationRow, range: StatsRange, res: Response): Promise<void> {
  const { start, end } = rangeBounds(range);
  const page = (after: Parameters<typeof afterCursor>[2], limit: number) =>
    db
      .select({
        id: organisationActivity.id,
        action: organisationActivity.action,
        actorEmail: organisationActivity.actorEmail,
        subject: organisationActivity.subject,
        detail: organisationActivity.detail,
        createdAt: organisationActivity.createdAt,
        at: cursorTime(organisationActivity.createdAt),
      })
      .from(organisationActivity)
      .where(
        and(
          eq(organisationActivity.organisationId, organisation.id),
          gte(organisationActivity.createdAt, start),
          lt(organisationActivity.createdAt, end),
          afterCursor(organisationActivity.createdAt, organisationActivity.id, after),
        ),
      )
      .orderBy(asc(organisationActivity.createdAt), asc(organisationActivity.id))
      .limit(limit)
      .then((rows) => rows.map((row) => ({ ...row, cursor: { at: row.at, id: row.id } })));
  const rows = (async function* (): AsyncGenerator<readonly CsvCell[]> {
    for await (const row of inPages(page)) yield [row.createdAt, wordsFor(row.action), row.actorEmail, row.subject, row.detail];
  })();
  return sendCsv(res, { name: teamActivityCsvFileName(organisation.slug, range), columns: TEAM_ACTIVITY_CSV_COLUMNS }, rows);
}

import type { AdminAuditEntry } from '@agentdock/contracts';
import { ADMIN_AUDIT_MAX_LIMIT } from '@agentdock/contracts';
import type { AuditFilter } from '../api/audit-api';
import type { AdminApi } from '../api/use-admin-api';
import { mergeNewestFirst } from './merge-audit';
import { servicesOf } from './use-audit-trail';

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export const csvLine = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\r\n`;

/** Every entry the filter matches, in every area it asks, paged to the end and merged newest first. */
export async function allAuditEntries(api: AdminApi, filter: AuditFilter, signal?: AbortSignal): Promise<AdminAuditEntry[]> {
  const lists = await Promise.all(
    servicesOf(filter).map(async (service) => {
      const entries: AdminAuditEntry[] = [];
      let cursor: string | undefined;
      do {
        const page = await api.audit.list(service, { ...filter, limit: ADMIN_AUDIT_MAX_LIMIT, cursor }, { signal });
        entries.push(...page.entries);
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      return entries;
    }),
  );
  return mergeNewestFirst(...lists);
}

/** One row per entry as an accountant's spreadsheet reads it: when, who, what in words, and each change. */
export interface AuditCsvRow {
  at: string;
  actor: string;
  sentence: string;
  changes: readonly string[];
}

export function auditCsv(rows: readonly AuditCsvRow[]): string {
  return [csvLine(['Date', 'Admin', 'Action', 'Changes']), ...rows.map((row) => csvLine([row.at, row.actor, row.sentence, row.changes.join('\n')]))].join('');
}

/** `audit-2026-11-01-to-2026-11-28.csv`, or `audit-all.csv` for an open range. */
export function auditFileName(filter: AuditFilter): string {
  if (!filter.from && !filter.to) return 'audit-all.csv';
  return `audit-${filter.from ?? 'start'}-to-${filter.to ?? new Date().toISOString().slice(0, 10)}.csv`;
}

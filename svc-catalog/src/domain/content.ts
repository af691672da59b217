import { type ContentSection, type ContentSectionInput, type ContentSectionPatch, type ContentSectionType, contentChangedV1 } from '@agentdock/contracts';
import { type AdminActor, type Db, onUniqueViolation, recordAdminAction, type Tx } from '@agentdock/service-data';
import { and, asc, desc, eq } from '@agentdock/service-data/orm';
import { type CatalogSchema, type ContentSectionRow, contentSections } from '../db/schema';
import { CatalogError } from './errors';
import { withoutUndefined } from './patch';
import { renderContent, sanitiseHtml } from './sanitise';
import { type CatalogWriter, insertPublishing } from './writer';

function toContentSection(row: ContentSectionRow): ContentSection {
  return {
    id: row.id,
    title: row.title,
    sectionType: row.sectionType,
    slot: row.slot,
    format: row.format,
    content: row.content,
    html: row.html,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What is stored for a source: HTML sanitised in place, Markdown as typed, plus the rendering. */
function storedContent(format: ContentSectionInput['format'], content: string): { content: string; html: string } {
  const stored = format === 'html' ? sanitiseHtml(content) : content;
  return { content: stored, html: renderContent(format, stored) };
}

export interface ContentFilter {
  slot?: string;
  sectionType?: ContentSectionType;
}

/** Active sections for the public pages, oldest first so a page's blocks keep their order. */
export async function listActiveContent(db: Db<CatalogSchema>, filter: ContentFilter): Promise<ContentSection[]> {
  const rows = await db
    .select()
    .from(contentSections)
    .where(
      and(
        eq(contentSections.isActive, true),
        filter.slot === undefined ? undefined : eq(contentSections.slot, filter.slot),
        filter.sectionType === undefined ? undefined : eq(contentSections.sectionType, filter.sectionType),
      ),
    )
    .orderBy(asc(contentSections.createdAt), asc(contentSections.slot));
  return rows.map(toContentSection);
}

/** Every section, newest first (admin console). */
export async function listAllContent(db: Db<CatalogSchema>): Promise<ContentSection[]> {
  const rows = await db.select().from(contentSections).orderBy(desc(contentSections.createdAt), asc(contentSections.slot));
  return rows.map(toContentSection);
}

/** Inserts a section and its `created` event; undefined when its slot is taken and `skipExisting` is set. */
export async function insertContent(writer: CatalogWriter, tx: Tx<CatalogSchema>, input: ContentSectionInput, skipExisting = false): Promise<ContentSection | undefined> {
  return insertPublishing(tx.insert(contentSections).values({ ...input, ...storedContent(input.format, input.content) }), {
    skipExisting,
    serve: toContentSection,
    publish: (section) => writer.enqueue(tx, contentChangedV1, { change: 'created', section }),
  });
}

export async function createContent(writer: CatalogWriter, actor: AdminActor, input: ContentSectionInput): Promise<ContentSection> {
  return onUniqueViolation(
    () =>
      writer.transaction(async (tx) => {
        const section = (await insertContent(writer, tx, input))!;
        await recordAdminAction(tx, { actor, action: 'content.create', target: `content:${section.id}`, after: section });
        return section;
      }),
    () => slotTaken(input.slot),
  );
}

/** Applies a partial edit and re-renders the section from its resulting format and source. */
export async function updateContent(writer: CatalogWriter, actor: AdminActor, id: string, patch: ContentSectionPatch): Promise<ContentSection> {
  return onUniqueViolation(
    () =>
      writer.transaction(async (tx) => {
        const [current] = await tx.select().from(contentSections).where(eq(contentSections.id, id)).for('update');
        if (!current) throw new CatalogError('content_not_found', `No content section with id "${id}"`);
        const source = storedContent(patch.format ?? current.format, patch.content ?? current.content);
        const [row] = await tx
          .update(contentSections)
          .set({ ...withoutUndefined(patch), ...source, updatedAt: new Date() })
          .where(eq(contentSections.id, id))
          .returning();
        const section = toContentSection(row!);
        await writer.enqueue(tx, contentChangedV1, { change: 'updated', section });
        await recordAdminAction(tx, { actor, action: 'content.update', target: `content:${id}`, before: toContentSection(current), after: section });
        return section;
      }),
    () => slotTaken(patch.slot),
  );
}

function slotTaken(slot: string | null | undefined): CatalogError {
  return new CatalogError('content_slot_taken', `Another content section already uses the slot "${slot}"`, {
    fields: [{ path: 'slot', message: 'This slot is already used by another section' }],
  });
}

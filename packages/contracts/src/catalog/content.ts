import { z } from 'zod';

export const CONTENT_SECTION_TYPES = ['hero', 'features', 'pricing', 'about'] as const;
export const contentSectionType = z.enum(CONTENT_SECTION_TYPES);
export type ContentSectionType = z.infer<typeof contentSectionType>;

export const contentFormat = z.enum(['html', 'markdown']);
export type ContentFormat = z.infer<typeof contentFormat>;

/**
 * Where a section appears on the site, e.g. `home.hero`, `home.why-choose`, `about.mission`;
 * pages look their editable texts up by slot. Null for a section not (yet) placed on a page.
 */
const contentSlot = z
  .string()
  .max(64)
  .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'Use lower-case words separated by dots, e.g. home.hero');

/** Writable fields of a content section (admin create/update). Content is sanitised on save. */
export const contentSectionInput = z.object({
  title: z.string().trim().min(1).max(200),
  sectionType: contentSectionType.default('hero'),
  slot: contentSlot.nullable().default(null),
  format: contentFormat.default('markdown'),
  content: z.string().max(50_000),
  isActive: z.boolean().default(true),
});
export type ContentSectionInput = z.infer<typeof contentSectionInput>;
export const contentSectionPatch = contentSectionInput.partial();
export type ContentSectionPatch = z.infer<typeof contentSectionPatch>;

export const contentSection = z.object({
  id: z.string().uuid(),
  title: z.string(),
  sectionType: contentSectionType,
  slot: z.string().nullable(),
  format: contentFormat,
  /** The source as the admin wrote it, already sanitised (HTML) or as typed (Markdown). */
  content: z.string(),
  /** Rendered and sanitised HTML; the browser sanitises it again before inserting it. */
  html: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContentSection = z.infer<typeof contentSection>;

/** GET /api/catalog/content (active sections; ?slot= or ?sectionType= filter), admin list (all). */
export const contentSectionList = z.object({ sections: z.array(contentSection) });
export type ContentSectionList = z.infer<typeof contentSectionList>;

import * as z from 'zod/mini';

export const CONTENT_SECTION_TYPES = ['hero', 'features', 'pricing', 'about'] as const;
export const contentSectionType = z.enum(CONTENT_SECTION_TYPES);
export type ContentSectionType = z.infer<typeof contentSectionType>;

export const CONTENT_FORMATS = ['html', 'markdown'] as const;
export const contentFormat = z.enum(CONTENT_FORMATS);
export type ContentFormat = z.infer<typeof contentFormat>;

/**
 * Where a section appears on the site, e.g. `home.hero`, `home.why-choose`, `about.mission`;
 * pages look their editable texts up by slot. Null for a section not (yet) placed on a page.
 */
const contentSlot = z.string().check(z.maxLength(64), z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)*$/, 'Use lower-case words separated by dots, e.g. home.hero'));

const contentSectionFields = z.object({
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  sectionType: contentSectionType,
  slot: z.nullable(contentSlot),
  format: contentFormat,
  content: z.string().check(z.maxLength(50_000)),
  isActive: z.boolean(),
});

/** Writable fields of a content section (admin create body). Content is sanitised on save. */
export const contentSectionInput = z.extend(contentSectionFields, {
  sectionType: z._default(contentSectionFields.shape.sectionType, 'hero'),
  slot: z._default(contentSectionFields.shape.slot, null),
  format: z._default(contentSectionFields.shape.format, 'markdown'),
  isActive: z._default(contentSectionFields.shape.isActive, true),
});
export type ContentSectionInput = z.infer<typeof contentSectionInput>;
/** Admin update body: only the fields sent change (no defaults, so nothing unsent is reset). */
export const contentSectionPatch = z.partial(contentSectionFields);
export type ContentSectionPatch = z.infer<typeof contentSectionPatch>;

export const contentSection = z.object({
  id: z.uuid(),
  title: z.string(),
  sectionType: contentSectionType,
  slot: z.nullable(z.string()),
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

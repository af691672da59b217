import type { SiteSection } from './site-section';

/** The operator's texts, looked up by slot (e.g. `home.hero`) or as a block's items (`home.why-choose.*`). */
export interface SiteContent {
  get(slot: string): SiteSection | null;
  /** The sections one level below `slot`, in the catalog's order (oldest first). */
  children(slot: string): SiteSection[];
}

function siteContent(sections: readonly SiteSection[]): SiteContent {
  const bySlot = new Map(sections.flatMap((section) => (section.slot ? [[section.slot, section] as const] : [])));
  return {
    get: (slot) => bySlot.get(slot) ?? null,
    children: (slot) => sections.filter((section) => section.slot?.startsWith(`${slot}.`) && !section.slot.slice(slot.length + 1).includes('.')),
  };
}

/** What a page shows when the catalog cannot be reached: every block in its neutral state. */
export const NO_CONTENT: SiteContent = siteContent([]);

let loading: Promise<SiteContent> | undefined;
let loaded: SiteContent | undefined;

/** The texts, if they have arrived: a block mounted after that renders them at once, with no placeholder frame. */
export function loadedSiteContent(): SiteContent | undefined {
  return loaded;
}

/**
 * Every active content section, fetched once per page load and shared by all blocks on every
 * marketing page; a failed fetch is forgotten so the next page tries again. The API client and
 * the purifier (DOMPurify) load only here, alongside the request: a server-rendered page comes
 * with its texts already sanitised (seedSiteContent) and never downloads either.
 */
export function loadSiteContent(): Promise<SiteContent> {
  loading ??= Promise.all([
    import('../api/load-marketing-api').then(({ loadMarketingApi }) => loadMarketingApi()).then((api) => api.getContentSections()),
    import('./sanitize-html'),
  ]).then(
    ([sections, { sanitizeSections }]) => (loaded = siteContent(sanitizeSections(sections))),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The texts the server rendered the page with: blocks render them at once, and nothing is fetched
 * again. The server sanitised them with the same policy before rendering and before writing them
 * into the page (server.ts); they come from the same server as the page's own markup.
 */
export function seedSiteContent(sections: readonly SiteSection[]): void {
  loaded = siteContent(sections);
  loading = Promise.resolve(loaded);
}

/** Tests start from an empty cache. */
export function forgetContentSections(): void {
  loading = undefined;
  loaded = undefined;
}

// The server side of this remote, exposed as './server' by its node build (dist/server): the
// shell's server renderer loads it at run time through the Module Federation runtime.
// @ts-expect-error plain CommonJS helper of the shared webpack config (no types)
import { collectedStyles } from '@agentdock/webpack-config/ssr-styles';
import type { ContentSection } from '@agentdock/contracts';
import type { RemoteServerModule } from '@agentdock/ui';
import { sanitizeSections, sanitizeWith } from './content/sanitize-html';
import { seedSiteContent } from './content/content-sections';
import type { SiteSection } from './content/site-section';
import { preparePage as prepareData } from './ssr/page-data';
import { seedResources, SERVER_DATA_ELEMENT_ID, type ServerData } from './ssr/server-data';

export { pages } from './pages';
export { SERVER_DATA_ELEMENT_ID };

/**
 * Fetches a page's data and seeds the page's stores with it, so the next render shows it. The
 * operator's texts are sanitised here, before the render and before they are written into the
 * page: the browser uses the served texts as they are and needs no purifier for them.
 */
export const preparePage: RemoteServerModule['preparePage'] = async (page, params, { apiBaseUrl, domWindow }) => {
  sanitizeWith(domWindow as Parameters<typeof sanitizeWith>[0]);
  const prepared = await prepareData(page, params, apiBaseUrl);
  if (!prepared) return null;
  const data: ServerData = prepared.data.content ? { ...prepared.data, content: sanitizeSections(prepared.data.content as ContentSection[]) } : prepared.data;
  seed(data);
  return { ...prepared, data };
};

function seed(data: ServerData): void {
  if (data.content) seedSiteContent(data.content as SiteSection[]);
  seedResources(data.resources);
}

/** The remote's stylesheets, for the HTML (evaluated once the pages have been imported). */
export function styles(): string[] {
  return collectedStyles() as string[];
}

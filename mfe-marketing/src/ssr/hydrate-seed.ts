import { seedSiteContent } from '../content/content-sections';
import type { SiteSection } from '../content/site-section';
import { SERVER_DATA_ELEMENT_ID, seedResources, type ServerData } from './server-data';

/**
 * Seeds the page's stores with the data the server rendered it with (a JSON script the shell's
 * server renderer wrote), so hydration renders exactly the served HTML and fetches none of it again.
 * Without server-rendered HTML (the plain shell) there is nothing to read and pages fetch as usual.
 */
export function seedFromServer(doc: Document | undefined = globalThis.document): void {
  const text = doc?.getElementById(SERVER_DATA_ELEMENT_ID)?.textContent;
  if (!text) return;
  let data: ServerData;
  try {
    data = JSON.parse(text) as ServerData;
  } catch (error) {
    console.error('[agentdock] unreadable server data', error);
    return;
  }
  // The server sanitised these texts before writing them (server.ts): they are used as they are.
  if (Array.isArray(data.content)) seedSiteContent(data.content as SiteSection[]);
  if (data.resources && typeof data.resources === 'object') seedResources(data.resources);
}

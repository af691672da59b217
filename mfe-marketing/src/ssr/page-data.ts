import { ApiError, createApiClient } from '@agentdock/api-client';
import { CATALOG_ENDPOINTS, type ContentSection } from '@agentdock/contracts';
import { RESOURCE_KEYS } from './resource-keys';
import type { ServerData } from './server-data';

/** The document title and description a page's data gives it (a course's own name). */
export interface PageHead {
  title: string;
  description: string;
}

export interface PreparedPage {
  data: ServerData;
  head?: PageHead;
}

type Client = ReturnType<typeof createApiClient>;

const contentSections = async (client: Client): Promise<ContentSection[]> => (await client.call(CATALOG_ENDPOINTS.content)).sections;

/** What each page reads on its first render, as the anonymous visitor sees it. */
const LOADERS: Record<string, (client: Client, params: Record<string, string>) => Promise<PreparedPage>> = {
  Home: async (client) => ({ data: { content: await contentSections(client), resources: {} } }),
  About: async (client) => ({ data: { content: await contentSections(client), resources: {} } }),
  Pricing: async (client) => {
    const [content, plans] = await Promise.all([contentSections(client), client.call(CATALOG_ENDPOINTS.plans).then((list) => list.plans)]);
    return { data: { content, resources: { [RESOURCE_KEYS.plans]: plans } } };
  },
  Models: async (client) => {
    const [content, agents] = await Promise.all([contentSections(client), client.call(CATALOG_ENDPOINTS.agents)]);
    return { data: { content, resources: { [RESOURCE_KEYS.agents]: agents.agents } } };
  },
  Courses: async (client) => {
    const [content, courses, offer] = await Promise.all([contentSections(client), client.call(CATALOG_ENDPOINTS.courses), client.call(CATALOG_ENDPOINTS.community)]);
    return { data: { content, resources: { [RESOURCE_KEYS.courses]: courses.courses, [RESOURCE_KEYS.communityOffer]: offer } } };
  },
  CourseDetail: async (client, params) => {
    const courseId = params.courseId ?? '';
    // The outline comes with the page too: fetching it in the browser would bring the API client
    // and the schemas (zod) into an anonymous visitor's first view. It only turns lesson titles
    // into links, so without it the page still renders and the browser asks for it as before.
    const outline = client.call(CATALOG_ENDPOINTS.outline, { params: { id: courseId } }).catch(() => undefined);
    try {
      const found = await client.call(CATALOG_ENDPOINTS.course, { params: { id: courseId } });
      const foundOutline = await outline;
      return {
        data: { resources: { [RESOURCE_KEYS.course(courseId)]: found, ...(foundOutline ? { [RESOURCE_KEYS.outline(courseId)]: foundOutline } : {}) } },
        head: { title: found.title, description: found.description },
      };
    } catch (error) {
      // An unknown course renders its "not found" page, as in the browser.
      if (error instanceof ApiError && error.status === 404) return { data: { resources: { [RESOURCE_KEYS.course(courseId)]: null } } };
      throw error;
    }
  },
};

const STATIC: PreparedPage = { data: { resources: {} } };
const STATIC_PAGES = new Set(['OurStory', 'Terms', 'Privacy', 'Contact']);

/**
 * Fetches what `page` needs from the gateway at `apiBaseUrl`, or null for a page the server does
 * not render (members-only pages stay rendered in the browser). A failed fetch rejects: the
 * renderer then serves the plain shell and the browser loads the page as before.
 */
export async function preparePage(page: string, params: Record<string, string>, apiBaseUrl: string, fetchImpl?: typeof fetch): Promise<PreparedPage | null> {
  if (STATIC_PAGES.has(page)) return STATIC;
  const load = LOADERS[page];
  if (!load) return null;
  return load(createApiClient({ baseUrl: apiBaseUrl, ...(fetchImpl ? { fetch: fetchImpl } : {}) }), params);
}

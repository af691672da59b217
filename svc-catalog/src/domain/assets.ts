import { CATALOG_BASE } from '@agentdock/contracts';

/** Where svc-catalog serves its static images (course banners, instructor portraits). */
export const ASSETS_PATH = `${CATALOG_BASE}/assets`;

/** The browser path of one of the catalog's images, e.g. `courses/ai-fundamentals.svg`. */
export function courseAsset(file: string): string {
  return `${ASSETS_PATH}/${file}`;
}

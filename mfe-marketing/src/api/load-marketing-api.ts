/**
 * The catalog client, loaded on first use: it brings the API client and the contracts' schemas
 * (zod), which a server-rendered page does not need until it fetches something itself (its first
 * data comes with the HTML, see ssr/).
 */
export const loadMarketingApi = () => import('./marketing-api').then((module) => module.marketingApi);

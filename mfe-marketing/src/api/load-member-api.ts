/**
 * The signed-in visitor's calls, loaded on first use: they bring the API client's endpoint schemas
 * (zod), which an anonymous visitor's course pages never need.
 */
export const loadMemberApi = () => import('./member-api').then((module) => module.memberApi);

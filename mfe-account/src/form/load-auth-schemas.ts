/** The auth forms' schemas, loaded on first use (see auth-schemas.ts). */
export const loadAuthSchemas = () => import('./auth-schemas').then((module) => module.AUTH_SCHEMAS);

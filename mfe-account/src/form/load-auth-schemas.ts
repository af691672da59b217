import type { FieldOf, Parsed, SchemaLike } from '@agentdock/ui';
import type { AUTH_SCHEMAS } from './auth-schemas';

/** The auth forms' schemas, loaded on first use (see auth-schemas.ts). */
export const loadAuthSchemas = () => import('./auth-schemas');

/**
 * Checks a body with one of the auth schemas. parseWith comes with the schemas' chunk: it brings
 * the product's messages for zod's checks (~0.6 KB gzipped), which the first view then does not.
 */
export async function parseAuth<T>(schema: (schemas: typeof AUTH_SCHEMAS) => SchemaLike<T>, body: unknown, fieldOf?: FieldOf): Promise<Parsed<T>> {
  const { AUTH_SCHEMAS: schemas, parseWith } = await loadAuthSchemas();
  return parseWith(schema(schemas), body, fieldOf);
}

/** Chunk names carry an 8+ hex content hash (`[name].[contenthash:8].js`); only those never change. */
const CONTENT_HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Entry files (index.html, mf-manifest.json, remoteEntry.js, main.js) keep their names across deploys. */
export function cacheControlFor(filePath: string): string {
  return CONTENT_HASHED.test(filePath) ? IMMUTABLE : REVALIDATE;
}

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Front-end deployables, each built by webpack into its own dist folder. */
export const FRONTENDS = ['shell', 'mfe-marketing', 'mfe-account', 'mfe-chat', 'mfe-admin'] as const;
export type Frontend = (typeof FRONTENDS)[number];

/** Shared sources every front end bundles; a change there makes every build stale. */
export const SHARED_FRONTEND_SOURCES = ['packages/ui/src', 'packages/api-client/src', 'packages/contracts/src', 'packages/webpack-config/src'];

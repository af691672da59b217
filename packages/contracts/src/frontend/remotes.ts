// The browser's side of the runtime configuration, without zod: the shell reads it on every first
// view, and a hand-written check of four strings is a few hundred bytes where zod's core is ~13 KB
// gzipped. runtime-config.ts holds the zod schema the gateway validates its settings with; the
// tests hold both to the same answers.
import federation from './federation.json' with { type: 'json' };

/** The micro-frontends the shell loads, as named in /runtime-config.json's `remotes`. */
export const REMOTE_NAMES = ['marketing', 'account', 'chat', 'admin'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Body of GET /runtime-config.json, served by the gateway: where each remote's mf-manifest.json is. */
export interface RuntimeConfig {
  remotes: Record<RemoteName, string>;
}

export const MANIFEST_URL_HINT = 'expected an http(s) URL or a path starting with /';

/**
 * An absolute http(s) URL, or a path on the page's own origin (not protocol-relative). Stricter
 * than the gateway's schema on one point: no white space anywhere (the schema trims it; the
 * gateway serves the trimmed value), so what passes here is used exactly as written.
 */
export function isManifestUrl(value: unknown): value is string {
  if (typeof value !== 'string' || /\s/.test(value)) return false;
  if (/^\/(?!\/)/.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** The configuration, or what is wrong with it (one line per remote). */
export function parseRuntimeConfig(value: unknown): { ok: true; config: RuntimeConfig } | { ok: false; error: string } {
  const remotes = typeof value === 'object' && value !== null ? (value as { remotes?: unknown }).remotes : undefined;
  if (typeof remotes !== 'object' || remotes === null) return { ok: false, error: 'remotes: expected an object' };
  const problems = REMOTE_NAMES.filter((name) => !isManifestUrl((remotes as Record<string, unknown>)[name])).map((name) => `remotes.${name}: ${MANIFEST_URL_HINT}`);
  if (problems.length > 0) return { ok: false, error: problems.join('; ') };
  const config = { remotes: {} } as RuntimeConfig;
  for (const name of REMOTE_NAMES) config.remotes[name] = (remotes as Record<string, string>)[name] as string;
  return { ok: true, config };
}

/**
 * The Module Federation container name of an app (a remote or the shell). Container names are
 * globals in the browser; the prefix keeps them clear of element ids. The prefix lives in a JSON
 * file so the CommonJS webpack config reads the same one.
 */
export function containerName(app: string): string {
  return `${federation.containerPrefix}${app}`;
}

// zod/mini rather than zod: the shell checks this on every first view, and mini is a quarter of
// the size. Exported on its own subpath so importing it never pulls full zod into the shell.
import * as z from 'zod/mini';
import federation from './federation.json' with { type: 'json' };

const MANIFEST_URL_HINT = 'expected an http(s) URL or a path starting with /';

/** An absolute http(s) URL, or a path on the page's own origin (not protocol-relative). */
export const manifestUrl = z.union([z.url({ protocol: /^https?$/ }), z.string().check(z.regex(/^\/(?!\/)/))], { error: MANIFEST_URL_HINT });

/** Body of GET /runtime-config.json, served by the gateway: where each remote's mf-manifest.json is. */
export const runtimeConfig = z.object({
  remotes: z.object({
    marketing: manifestUrl,
    account: manifestUrl,
    chat: manifestUrl,
    admin: manifestUrl,
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;

/** The micro-frontends the shell loads: the keys of `remotes`. */
export type RemoteName = keyof RuntimeConfig['remotes'];
export const REMOTE_NAMES = Object.keys(runtimeConfig.shape.remotes.shape) as RemoteName[];

/**
 * The Module Federation container name of an app (a remote or the shell). Container names are
 * globals in the browser; the prefix keeps them clear of element ids. The prefix lives in a JSON
 * file so the CommonJS webpack config reads the same one.
 */
export function containerName(app: string): string {
  return `${federation.containerPrefix}${app}`;
}

/** The app a container name stands for, e.g. "marketing" for the marketing remote's container. */
export function appOfContainer(container: string): string {
  return container.startsWith(federation.containerPrefix) ? container.slice(federation.containerPrefix.length) : container;
}

import { readFile } from 'node:fs/promises';
import type { RemoteName } from '../remotes';
import { pageDocument } from './html-document';
import { createRemoteModules } from './remote-modules';
import { createRenderCache } from './render-cache';
import { matchPublicRoute, renderedUrl } from './public-routes';

export { isKnownPage } from './public-routes';
import { renderPage } from './render-page';

export interface ShellRendererOptions {
  /** The built shell's index.html (read again on each render, so a redeployed shell is picked up). */
  templateFile: string;
  /** Browser manifest URL of each remote, as the server can reach it. */
  manifests: Partial<Record<RemoteName, string>>;
  /** The gateway, as the server can reach it: pages fetch their public data through it. */
  apiBaseUrl: string;
  /** How long a rendered page is served again (an operator's edit shows within this time). */
  cacheTtlMs: number;
  /** How often a remote's manifest is checked for a new build; by default the cache's time, at most 5 s. */
  remoteRecheckMs?: number;
  /** A render that takes longer is abandoned for the plain shell. */
  renderTimeoutMs: number;
  /** Told why a page was served as the plain shell. */
  onError?: (error: unknown, path: string) => void;
}

/** Server rendering of the public pages: HTML for a path, or null when the plain shell is to be served. */
export type ShellRenderer = (path: string) => Promise<string | null>;

/**
 * Public pages with their content in the HTML. Any failure — a remote down, the catalog not
 * answering, a render error or timeout — answers null, and the caller serves the plain shell, which
 * renders in the browser as before: never an error page.
 */
export function createShellRenderer(options: ShellRendererOptions): ShellRenderer {
  const remotes = createRemoteModules({ manifests: options.manifests, recheckMs: options.remoteRecheckMs ?? Math.min(options.cacheTtlMs, 5_000) });
  const cache = createRenderCache<string | null>({ ttlMs: options.cacheTtlMs });

  return async (path) => {
    const match = matchPublicRoute(new URL(path, 'http://agentdock.invalid').pathname);
    if (!match) return null;
    const url = renderedUrl(new URL(path, 'http://agentdock.invalid'), match.route);
    const key = `${url.pathname}${url.search}`;
    try {
      return await cache.get(key, async () => {
        const [template, page] = await Promise.all([
          readFile(options.templateFile, 'utf8'),
          // Loading a remote or fetching data counts against the same budget as rendering.
          withTimeout(renderPage(url, { remotes, apiBaseUrl: options.apiBaseUrl, timeoutMs: options.renderTimeoutMs }), options.renderTimeoutMs),
        ]);
        return page ? pageDocument(template, page) : null;
      });
    } catch (error) {
      options.onError?.(error, key);
      return null;
    }
  };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Server rendering took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PassThrough } from 'node:stream';
import { JSDOM } from 'jsdom';
import { lazy, StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { createSessionClient, SessionProvider } from '@agentdock/session';
import { SITE, type RemoteServerModule } from '@agentdock/ui';
import { AppContent } from '../app';
import type { PageRegistry } from '../federation/page-registry';
import type { RemoteName } from '../remotes';
import type { RenderedPage } from './html-document';
import { matchPublicRoute } from './public-routes';
import type { RemoteModules } from './remote-modules';

function isServerModule(module: unknown): module is RemoteServerModule {
  const candidate = module as Partial<RemoteServerModule> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.preparePage === 'function' &&
    typeof candidate.styles === 'function' &&
    typeof candidate.pages === 'object' &&
    typeof candidate.SERVER_DATA_ELEMENT_ID === 'string'
  );
}

const nodeRequire = createRequire(import.meta.url);
/** The shell's own stylesheets, which its browser bundle injects with script: the HTML needs them first. */
const SHELL_STYLES = [nodeRequire.resolve('@agentdock/ui/styles.css'), new URL('../shell.css', import.meta.url)].map((file) => readFileSync(file, 'utf8'));

// Remotes sanitise operator HTML with the same DOMPurify policy as in the browser, on this window.
const domWindow = new JSDOM('').window;

// The server is the anonymous visitor: the state a browser without a session starts in.
const anonymousSession = createSessionClient({ storage: null, channel: null, lock: null, watchVisibility: false });

async function toHtml(element: ReactNode, timeoutMs: number): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, {
    signal: AbortSignal.timeout(timeoutMs),
    // Everything inline, in order: React would otherwise move a large page into a template and
    // reveal it with inline scripts, which the gateway's CSP (no 'unsafe-inline' scripts) blocks.
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => {
      errors.push(error);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Uint8Array));
  // A page that failed (or ran out of time) would be shown as its loading state and rendered
  // again in the browser: the plain shell does that with less HTML.
  if (errors.length > 0) throw new Error('The page failed to render on the server', { cause: errors[0] });
  const html = Buffer.concat(chunks).toString('utf8');
  if (/<script/i.test(html)) throw new Error('The rendered page has an inline script, which the CSP would block');
  return html;
}

function renderedBuilds(remotes: RemoteModules, rendered: ReadonlySet<RemoteName>): Record<string, string> {
  const builds: Record<string, string> = {};
  for (const remote of rendered) {
    const build = remotes.buildVersion(remote);
    if (build) builds[remote] = build;
  }
  return builds;
}

export interface RenderPageOptions {
  remotes: RemoteModules;
  apiBaseUrl: string;
  timeoutMs: number;
}

/** Renders one public URL (the layout and its page) as the browser will hydrate it; null for a non-public URL. */
export async function renderPage(url: URL, { remotes, apiBaseUrl, timeoutMs }: RenderPageOptions): Promise<RenderedPage | null> {
  const match = matchPublicRoute(url.pathname);
  if (!match) return null;
  const { route, params } = match;
  const server = await remotes.load(route.remote, 'server');
  if (!isServerModule(server)) throw new Error(`The "${route.remote}" remote's server module lacks preparePage/styles/pages`);
  const prepared = await server.preparePage(route.page, params, { apiBaseUrl, domWindow });
  if (!prepared) return null;

  // Every remote whose server build took part; a layout may show another remote's page.
  const rendered = new Set<RemoteName>([route.remote]);
  const registry: PageRegistry = {
    page: (remote: RemoteName, name: string) =>
      lazy(async () => {
        rendered.add(remote);
        const module = remote === route.remote ? server : await remotes.load(remote, 'server');
        const loader = isServerModule(module) ? module.pages[name] : undefined;
        if (!loader) throw new Error(`No page "${name}" in ${remote}`);
        return loader();
      }),
  };
  const rootHtml = await toHtml(
    <StrictMode>
      <SessionProvider client={anonymousSession}>
        <StaticRouter location={`${url.pathname}${url.search}`}>
          <AppContent registry={registry} />
        </StaticRouter>
      </SessionProvider>
    </StrictMode>,
    timeoutMs,
  );
  const head = prepared.head ?? { title: route.title, description: route.description };
  return {
    rootHtml,
    title: `${head.title} · ${SITE.name}`,
    description: head.description,
    styles: [...SHELL_STYLES, ...server.styles()],
    data: { [server.SERVER_DATA_ELEMENT_ID]: prepared.data },
    remoteBuilds: renderedBuilds(remotes, rendered),
  };
}

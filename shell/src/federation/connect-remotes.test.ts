/** @jest-environment jsdom */
import { version as hostReactVersion } from 'react';
import { connectRemotes } from './connect-remotes';
import { loadScript } from './load-script';
import { RemoteUnavailableError } from './remote-unavailable';

jest.mock('./load-script');

const MANIFEST_URL = 'http://localhost:3201/mf-manifest.json';
const shareScope = { react: {} };
const pagesModule = { pages: {} };

type Globals = Record<string, unknown>;
const globals = globalThis as unknown as Globals;

function manifest(reactVersion = hostReactVersion) {
  return { metaData: { buildInfo: { buildVersion: 'b-1' }, remoteEntry: { name: 'remoteEntry.js', path: '' } }, shared: [{ name: 'react', version: reactVersion }] };
}

function json(body: unknown, ok = true) {
  return { ok, status: ok ? 200 : 503, json: async () => body };
}

/** The platform: the runtime configuration, the marketing manifest (as given) and a container its entry defines. */
function serve(manifestResponse: () => ReturnType<typeof json>) {
  const remotes = { marketing: MANIFEST_URL, account: '/a/mf-manifest.json', chat: '/c/mf-manifest.json', admin: '/d/mf-manifest.json' };
  globals.fetch = jest.fn(async (url: string) => (url === '/runtime-config.json' ? json({ remotes }) : manifestResponse()));
  const container = {
    init: jest.fn(),
    get: jest.fn(async (module: string) => (module === './pages' ? () => pagesModule : Promise.reject(new Error(`Module "${module}" does not exist in container.`)))),
  };
  jest.mocked(loadScript).mockImplementation(async () => {
    globals.agentdock_marketing = container;
  });
  return container;
}

describe('connectRemotes', () => {
  beforeEach(() => {
    globals.__webpack_init_sharing__ = jest.fn(async () => undefined);
    globals.__webpack_share_scopes__ = { default: shareScope };
  });
  afterEach(() => {
    delete globals.agentdock_marketing;
    document.head.innerHTML = '';
    jest.restoreAllMocks();
    jest.clearAllMocks();
  });

  it("loads the entry the manifest names, joins the shell's share scope, then gets the exposed module", async () => {
    const container = serve(() => json(manifest()));
    const load = connectRemotes();
    await expect(load('marketing', 'pages')).resolves.toBe(pagesModule);
    expect(loadScript).toHaveBeenCalledWith('http://localhost:3201/remoteEntry.js');
    expect(container.init).toHaveBeenCalledWith(shareScope);
    expect(document.head.querySelector('meta[name="agentdock-remote:marketing"]')?.getAttribute('content')).toBe('b-1');
    await load('marketing', 'pages');
    expect(loadScript).toHaveBeenCalledTimes(1);
  });

  it('checks the manifest at once but runs none of the remote until its scripts may load', async () => {
    serve(() => json(manifest()));
    let allow!: () => void;
    const load = connectRemotes({ scriptsAfter: new Promise<void>((resolve) => (allow = resolve)) })('marketing', 'pages');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.head.querySelector('meta[name="agentdock-remote:marketing"]')?.getAttribute('content')).toBe('b-1');
    expect(loadScript).not.toHaveBeenCalled();
    allow();
    await expect(load).resolves.toBe(pagesModule);
    expect(loadScript).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so a retry reaches the remote once it is back', async () => {
    let up = false;
    serve(() => (up ? json(manifest()) : json({}, false)));
    const load = connectRemotes();
    const failure = await load('marketing', 'pages').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RemoteUnavailableError);
    expect(String(failure)).toContain('agentdock_marketing');
    up = true;
    await expect(load('marketing', 'pages')).resolves.toBe(pagesModule);
  });

  it('runs nothing of a remote built against another React major', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => json(manifest('17.0.2')));
    await expect(connectRemotes()('marketing', 'pages')).rejects.toBeInstanceOf(RemoteUnavailableError);
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('reports a module the container does not expose as the remote being unavailable', async () => {
    serve(() => json(manifest()));
    await expect(connectRemotes()('marketing', 'routes')).rejects.toBeInstanceOf(RemoteUnavailableError);
  });
});

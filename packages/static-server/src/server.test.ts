import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createStaticServer } from './index';
import { parseCli } from './cli';

let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'agentdock-static-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Agentdock</title>',
    'main.js': 'console.log("entry");',
    'remoteEntry.js': 'var agentdock_marketing;',
    'mf-manifest.json': '{"id":"agentdock_marketing"}',
    'mf-stats.json': '{"buildInfo":"/home/builder/agentdock"}',
    '__federation_expose_pages.3fa9c2d1.js': `/* chunk */${'x'.repeat(4096)}`,
  };
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(root, name), content);
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('createStaticServer exposure', () => {
  it('never publishes build statistics, which name the build machine’s folders', async () => {
    for (const server of [createStaticServer({ root }), createStaticServer({ root, spaFallback: true })]) {
      const res = await request(server).get('/mf-stats.json');
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('/home/builder');
    }
  });

  it('tells browsers not to sniff content types', async () => {
    const res = await request(createStaticServer({ root })).get('/main.js').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('createStaticServer cache policy', () => {
  it('marks content-hashed chunks immutable', async () => {
    const res = await request(createStaticServer({ root })).get('/__federation_expose_pages.3fa9c2d1.js');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/index.html', '/main.js', '/remoteEntry.js', '/mf-manifest.json', '/'])('revalidates %s on every use', async (file) => {
    const res = await request(createStaticServer({ root })).get(file);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('createStaticServer compression', () => {
  it('gzips when the client accepts it', async () => {
    const res = await request(createStaticServer({ root })).get('/__federation_expose_pages.3fa9c2d1.js').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('createStaticServer CORS', () => {
  it('lets any origin load a remote', async () => {
    const res = await request(createStaticServer({ root, cors: true }))
      .get('/mf-manifest.json')
      .set('Origin', 'http://localhost:3000');
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('gives a remote a policy that allows nothing from other origins, and leaves the shell to the gateway', async () => {
    const remote = await request(createStaticServer({ root, cors: true })).get('/');
    expect(remote.headers['content-security-policy']).toContain("default-src 'none'");
    expect(remote.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const shell = await request(createStaticServer({ root, spaFallback: true })).get('/');
    expect(shell.headers['content-security-policy']).toBeUndefined();
  });

  it('answers preflight requests', async () => {
    const res = await request(createStaticServer({ root, cors: true }))
      .options('/remoteEntry.js')
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'GET');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-methods']).toContain('GET');
  });

  it('sends no CORS headers unless asked to', async () => {
    const res = await request(createStaticServer({ root })).get('/main.js').set('Origin', 'http://localhost:3000');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('createStaticServer fallbacks', () => {
  it('serves index.html for client-side routes of the shell', async () => {
    const res = await request(createStaticServer({ root, spaFallback: true }))
      .get('/courses/ai-fundamentals')
      .set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>Agentdock</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves index.html with 404 for paths that are not pages, when told which are', async () => {
    const server = createStaticServer({ root, spaFallback: true, isPage: (pathname) => pathname === '/pricing' });
    const unknown = await request(server).get('/no-such-page').set('Accept', 'text/html');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('<title>Agentdock</title>');
    expect((await request(server).get('/pricing').set('Accept', 'text/html')).status).toBe(200);
  });

  it('keeps missing assets a 404 even with the SPA fallback', async () => {
    const res = await request(createStaticServer({ root, spaFallback: true })).get('/missing.3fa9c2d1.js');
    expect(res.status).toBe(404);
  });

  it('answers 404 without the fallback, as JSON when asked', async () => {
    const app = createStaticServer({ root, cors: true });
    const plain = await request(app).get('/pricing');
    expect(plain.status).toBe(404);
    expect(plain.text).toBe('Not Found');

    const json = await request(app).get('/pricing').set('Accept', 'application/json');
    expect(json.status).toBe(404);
    expect(json.body).toEqual({ error: { code: 'not_found', message: 'No file at /pricing' } });
  });
});

describe('parseCli', () => {
  it('takes the folder and flags', () => {
    expect(parseCli(['dist', '--spa', '--port', '3201'], {})).toEqual({ root: path.resolve('dist'), port: 3201, spaFallback: true, cors: false });
  });

  it('prefers --port over PORT over the default', () => {
    expect(parseCli(['dist'], {}).port).toBe(3200);
    expect(parseCli(['dist'], { PORT: '4000' }).port).toBe(4000);
    expect(parseCli(['dist', '--port', '5000'], { PORT: '4000' }).port).toBe(5000);
  });

  it('rejects a missing folder and a bad port', () => {
    expect(() => parseCli([], {})).toThrow(/Usage/);
    expect(() => parseCli(['dist', '--port', 'abc'], {})).toThrow(/Invalid port/);
  });
});

describe('createStaticServer server rendering', () => {
  const renderPage = jest.fn(async (path: string): Promise<string | null> => {
    if (path === '/fails') throw new Error('render failed');
    return path.startsWith('/pricing') ? `<!doctype html><title>Rendered ${path}</title>` : null;
  });
  const server = () => createStaticServer({ root, spaFallback: true, renderPage });

  it('answers page requests, / included, with the rendered HTML, which browsers revalidate', async () => {
    const res = await request(server()).get('/pricing?period=annual').expect(200);
    expect(res.text).toBe('<!doctype html><title>Rendered /pricing?period=annual</title>');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    await request(server()).get('/').expect(200);
    expect(renderPage).toHaveBeenCalledWith('/');
  });

  it('serves the plain index.html when the renderer declines or fails, and never renders files', async () => {
    for (const path of ['/dashboard', '/fails']) {
      const res = await request(server()).get(path).expect(200);
      expect(res.text).toBe('<!doctype html><title>Agentdock</title>');
    }
    renderPage.mockClear();
    await request(server()).get('/main.js').expect(200);
    expect(renderPage).not.toHaveBeenCalled();
  });
});

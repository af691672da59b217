import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { closeHttpServer, createLogger, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { isKnownPage } from '@agentdock/shell/server';
import { createStaticServer } from '@agentdock/static-server';
import { createGateway } from './app';
import { type GatewayConfig, loadGatewayConfig } from './config';

const logger = createLogger({ service: 'gateway-test', level: 'silent' });
const SHELL_HTML = '<!doctype html><html><head><title>Agentdock</title></head><body><div id="root"></div></body></html>';

let shell: http.Server;
let config: GatewayConfig;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'gateway-pages-'));
  writeFileSync(path.join(root, 'index.html'), SHELL_HTML);
  // The shell's static server as `npm start` and the shell's own server run it, with its route table.
  shell = await startHttpServer(createStaticServer({ root, spaFallback: true, isPage: isKnownPage }), { port: 0, host: '127.0.0.1' });
  config = loadGatewayConfig({ SHELL_URL: serverUrl(shell), JWKS_URL: 'http://127.0.0.1:9/jwks.json' });
});

afterAll(() => closeHttpServer(shell));

describe('pages through the gateway', () => {
  it('answers a path the route table does not know with 404 and the shell (which shows its not-found page)', async () => {
    const gateway = createGateway(config, logger);
    for (const unknown of ['/no-such-page', '/no-such-page/deeper', '/pricing/extra', '/dashboards']) {
      const response = await request(gateway).get(unknown).set('Accept', 'text/html');
      expect([unknown, response.status]).toEqual([unknown, 404]);
      expect(response.text).toBe(SHELL_HTML);
    }
    for (const known of ['/', '/pricing', '/courses/ai-fundamentals', '/dashboard', '/auth/callback', '/signin']) {
      const response = await request(gateway).get(known).set('Accept', 'text/html');
      expect([known, response.status]).toEqual([known, 200]);
    }
  });

  it('limits page requests per client IP, apart from the files a page loads and from /api', async () => {
    const gateway = createGateway({ ...config, pageRateLimitPerMinute: 3 }, logger);
    for (let n = 0; n < 3; n += 1) await request(gateway).get(`/?x=${n}`).set('Accept', 'text/html').expect(200);
    const refused = await request(gateway).get('/?x=3').set('Accept', 'text/html').expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Files are not pages: a page load fetches many of them.
    for (let n = 0; n < 5; n += 1) expect((await request(gateway).get(`/main.${n}.js`)).status).toBe(404);
    // The API has its own budget; the page limit takes nothing from it.
    expect((await request(gateway).get('/api/nothing-here')).status).toBe(404);
  });
});

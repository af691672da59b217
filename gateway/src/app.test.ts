import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import OpenAI from 'openai';
import request from 'supertest';
import { apiErrorBody, readinessBody } from '@agentdock/contracts';
import { closeHttpServer, createLogger, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { createTestIssuer, eventually } from '@agentdock/service-kit/testing';
import { API_LAYERS, type ApiLayerName, createGateway } from './app';
import { type GatewayConfig, UPSTREAM_NAMES, type UpstreamName, loadGatewayConfig } from './config';

const logger = createLogger({ service: 'gateway-test' });

// Paths whose response the stand-in services saw cut before they ended it (their client, the gateway, left).
const cutUpstream: string[] = [];

/** A stand-in service: echoes what reached it, plus a slow route, event streams and a page with its own CSP. */
function fakeService(name: string, sse: { release: Promise<void> }): Express {
  const app = express();
  app.use((req, res, next) => {
    res.on('close', () => void (res.writableEnded || cutUpstream.push(req.originalUrl)));
    next();
  });
  app.get(`/api/${name}/never`, () => undefined);
  app.get(`/api/${name}/endless-stream`, (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('data: first\n\n');
  });
  app.get('/readyz', (_req, res) => {
    res.json({ status: 'up', service: name, checks: {} });
  });
  app.get(`/api/${name}/slow`, async (_req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    res.json({ late: true });
  });
  app.get(`/api/${name}/stream`, async (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.write('data: first\n\n');
    await sse.release;
    res.end('data: last\n\n');
  });
  app.get(`/api/${name}/quiet-stream`, async (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.flushHeaders();
    await sse.release;
    res.end();
  });
  app.get(`/api/${name}/own-csp`, (_req, res) => {
    res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'").type('html').send('<!doctype html><title>page</title>');
  });
  // The public API's stream, as svc-chat answers `stream: true`: a chunk, then the rest once released.
  app.post('/v1/chat/completions', express.text({ type: '*/*' }), async (req, res, next) => {
    if (typeof req.body !== 'string' || !req.body.includes('"stream":true')) return next();
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('data: {"object":"chat.completion.chunk","n":1}\n\n');
    await new Promise<void>((resolve) => (releasePublicStream = resolve));
    res.end('data: [DONE]\n\n');
  });
  app.use(express.text({ type: '*/*' }), (req, res) => {
    res.json({
      service: name,
      method: req.method,
      url: req.originalUrl,
      requestId: req.headers['x-request-id'] ?? null,
      authorization: req.headers.authorization ?? null,
      forwardedFor: req.headers['x-forwarded-for'] ?? null,
      headers: req.headers,
      body: typeof req.body === 'string' ? req.body : null,
    });
  });
  return app;
}

function fakeShell(): Express {
  return express().use((req, res) => {
    res.type('html').send(`<!doctype html><title>shell</title>${req.originalUrl}`);
  });
}

async function closedPortUrl(): Promise<string> {
  const server = await startHttpServer(express(), { port: 0, host: '127.0.0.1' });
  const url = serverUrl(server);
  await closeHttpServer(server);
  return url;
}

let issuer: Awaited<ReturnType<typeof createTestIssuer>>;
const servers: http.Server[] = [];
let releaseStream: () => void = () => undefined;
let releasePublicStream: () => void = () => undefined;
let baseConfig: GatewayConfig;

beforeAll(async () => {
  issuer = await createTestIssuer();
  const sse = { release: new Promise<void>((resolve) => (releaseStream = resolve)) };
  const env: Record<string, string> = { JWKS_URL: issuer.jwksUrl, RATE_LIMIT_PER_MINUTE: '1000', BODY_LIMIT: '1kb' };
  for (const name of UPSTREAM_NAMES) {
    const server = await startHttpServer(fakeService(name, sse), { port: 0, host: '127.0.0.1' });
    servers.push(server);
    env[`${name.toUpperCase()}_URL`] = serverUrl(server);
  }
  const shell = await startHttpServer(fakeShell(), { port: 0, host: '127.0.0.1' });
  servers.push(shell);
  env.SHELL_URL = serverUrl(shell);
  env.REMOTE_MARKETING_URL = 'https://marketing.example.com/mf-manifest.json';
  env.REMOTE_ACCOUNT_URL = 'http://localhost:3202/mf-manifest.json';
  baseConfig = loadGatewayConfig(env);
});

afterAll(async () => {
  releaseStream();
  releasePublicStream();
  await Promise.all(servers.map((server) => closeHttpServer(server)));
  await issuer.close();
});

const gateway = (overrides: Partial<GatewayConfig> = {}) => createGateway({ ...baseConfig, ...overrides }, logger);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('routing', () => {
  it.each(UPSTREAM_NAMES)('sends /api/%s/* to that service with the path unchanged', async (name) => {
    const res = await request(gateway()).get(`/api/${name}/things/42?sort=desc`).expect(200);
    expect(res.body).toMatchObject({ service: name, method: 'GET', url: `/api/${name}/things/42?sort=desc` });
  });

  it('streams request bodies through untouched', async () => {
    const res = await request(gateway()).post('/api/billing/checkout').set('content-type', 'application/json').send('{"plan":"pro"}');
    expect(res.body).toMatchObject({ service: 'billing', method: 'POST', body: '{"plan":"pro"}' });
  });

  it('answers unknown /api paths itself, without borrowing a prefix', async () => {
    const res = await request(gateway()).get('/api/catalogue/plans').expect(404);
    expect(apiErrorBody.parse(res.body).error.code).toBe('not_found');
    await request(gateway()).get('/api/unknown').expect(404);
  });

  it('sends every other path to the shell', async () => {
    const res = await request(gateway()).get('/account/billing').expect(200);
    expect(res.text).toContain('/account/billing');
  });
});

describe('forwarding headers', () => {
  it('names the socket it saw as the client, whatever X-Forwarded-For the client invented', async () => {
    const res = await request(gateway()).get('/api/identity/me').set('x-forwarded-for', '203.0.113.7, 198.51.100.1').expect(200);
    expect(res.body.forwardedFor).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('vouches for the forwarded headers with the secret it shares with the services, whatever a client sent under that name', async () => {
    const res = await request(gateway({ gatewaySecret: 'gateway-secret-0123456789' }))
      .get('/api/catalog/echo')
      .set('x-agentdock-gateway', 'a client guess')
      .expect(200);
    expect(res.body.headers['x-agentdock-gateway']).toBe('gateway-secret-0123456789');
    const without = await request(gateway()).get('/api/catalog/echo').set('x-agentdock-gateway', 'a client guess').expect(200);
    expect(without.body.headers['x-agentdock-gateway']).toBeUndefined();
  });

  it('takes the client from a trusted proxy in front when configured to trust one', async () => {
    const res = await request(gateway({ trustProxyHops: 1 }))
      .get('/api/identity/me')
      .set('x-forwarded-for', '203.0.113.7')
      .expect(200);
    expect(res.body.forwardedFor).toBe('203.0.113.7');
  });

  it('keeps what describes the client’s own connection to itself (hop-by-hop headers)', async () => {
    const res = await request(gateway())
      .post('/api/identity/notes')
      .set('Connection', 'keep-alive, X-Hop')
      .set('X-Hop', 'for the gateway only')
      .set('Keep-Alive', 'timeout=30')
      .set('TE', 'trailers')
      .set('X-End-To-End', 'passed on')
      .set('content-type', 'text/plain')
      .send('kept')
      .expect(200);
    expect(res.body.body).toBe('kept');
    expect(res.body.headers).toMatchObject({ 'x-end-to-end': 'passed on' });
    for (const hop of ['x-hop', 'keep-alive', 'te']) expect(res.body.headers).not.toHaveProperty(hop);
  });

  it('answers a client’s Expect: 100-continue itself and sends its body on', async () => {
    const server = await startHttpServer(gateway(), { port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.address() as AddressInfo;
      const headers = { 'Content-Type': 'text/plain', 'Content-Length': '4', Expect: '100-continue' };
      const sent = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/identity/notes', headers });
      // As a client that waits for the go-ahead does: the body only after 100 Continue.
      sent.once('continue', () => sent.end('sent'));
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => sent.once('response', resolve).once('error', reject));
      let text = '';
      for await (const chunk of res) text += String(chunk);
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(text)).toMatchObject({ body: 'sent' });
      expect(JSON.parse(text).headers).not.toHaveProperty('expect');
    } finally {
      await closeHttpServer(server);
    }
  });
});

describe('request ids', () => {
  it('passes an incoming id to the upstream and back', async () => {
    const res = await request(gateway()).get('/api/catalog/plans').set('x-request-id', 'from-browser-1').expect(200);
    expect(res.headers['x-request-id']).toBe('from-browser-1');
    expect(res.body.requestId).toBe('from-browser-1');
  });

  it('creates one when the client sent none', async () => {
    const res = await request(gateway()).get('/api/catalog/plans').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body.requestId).toBe(res.headers['x-request-id']);
  });
});

describe('security headers', () => {
  it('sends HSTS only over https (here: behind a trusted TLS proxy), on pages and API answers alike', async () => {
    for (const path of ['/', '/api/catalog/plans']) {
      const plain = await request(gateway()).get(path).expect(200);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const behindTls = await request(gateway({ trustProxyHops: 1 }))
        .get(path)
        .set('x-forwarded-proto', 'https')
        .expect(200);
      expect(behindTls.headers['strict-transport-security']).toContain('max-age=');
    }
  });

  it('denies unused browser features on pages', async () => {
    const page = await request(gateway()).get('/').expect(200);
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives API answers a policy that allows nothing, and only the headers an answer read by a page needs', async () => {
    for (const path of ['/api/catalog/plans', '/api/nowhere']) {
      const res = await request(gateway()).get(path);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Document-only policies are left to pages.
      expect(res.headers['permissions-policy']).toBeUndefined();
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('lets a service that answers with a page of its own set its CSP', async () => {
    const res = await request(gateway()).get('/api/catalog/own-csp').expect(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });

  it('allows the remotes’ origins in the CSP and nothing else', async () => {
    const res = await request(gateway()).get('/').expect(200);
    const csp = String(res.headers['content-security-policy']);
    const remotes = 'https://marketing.example.com http://localhost:3202 http://localhost:3203 http://localhost:3204';
    expect(csp).toContain(`script-src 'self' ${remotes}`);
    expect(csp).toContain(`connect-src 'self' ${remotes}`);
    expect(csp).toContain(`style-src 'self' 'unsafe-inline' ${remotes}`);
    expect(csp).toContain(`img-src 'self' data: ${remotes}`);
    expect(csp).toContain("frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com");
    expect(csp).toContain(`font-src 'self' data: ${remotes}`);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('limits', () => {
  it('refuses a body over the limit from its Content-Length with 413', async () => {
    const res = await request(gateway()).post('/api/catalog/plans').set('content-type', 'text/plain').send('x'.repeat(2048)).expect(413);
    expect(apiErrorBody.parse(res.body).error).toMatchObject({
      code: 'payload_too_large',
      message: 'The request body is too large. The limit is 1 KB.',
    });
  });

  it('leaves the size of a knowledge file upload to chat (which refuses it by the file’s name), and only that', async () => {
    await request(gateway()).put('/api/chat/admin/agents/a1/knowledge/files/big.md').set('content-type', 'application/octet-stream').send('x'.repeat(2048)).expect(200);
    await request(gateway()).post('/api/chat/admin/agents/a1/knowledge/files/big.md').set('content-type', 'text/plain').send('x'.repeat(2048)).expect(413);
    await request(gateway()).put('/api/chat/admin/agents/a1/knowledge/settings').set('content-type', 'text/plain').send('x'.repeat(2048)).expect(413);
  });

  it('answers 429 with Retry-After once a client exceeds the rate', async () => {
    const app = gateway({ rateLimitPerMinute: 2 });
    await request(app).get('/api/catalog/plans').expect(200);
    await request(app).get('/api/catalog/plans').expect(200);
    const res = await request(app).get('/api/catalog/plans').expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body.error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many requests. Please slow down and try again shortly.',
    });
    await request(app).get('/').expect(200);
  });
});

describe('auth check', () => {
  it('lets requests without a token through to public endpoints', async () => {
    const res = await request(gateway()).get('/api/catalog/plans').expect(200);
    expect(res.body.authorization).toBeNull();
  });

  it('forwards a valid token for the service to verify again', async () => {
    const token = await issuer.issue({ sub: 'u1', email: 'ada@example.com' });
    const res = await request(gateway()).get('/api/chat/conversations').set(bearer(token)).expect(200);
    expect(res.body.authorization).toBe(`Bearer ${token}`);
  });

  it('stops a bad or expired token at the gateway with 401', async () => {
    const bad = await request(gateway()).get('/api/chat/conversations').set(bearer('forged.token.value')).expect(401);
    expect(bad.body.error.code).toBe('invalid_token');
    const expired = await issuer.issue({ sub: 'u1', email: 'ada@example.com', expiresIn: '-1h' });
    const late = await request(gateway()).get('/api/chat/conversations').set(bearer(expired)).expect(401);
    expect(late.body.error.code).toBe('token_expired');
  });
});

describe('streaming', () => {
  async function openStream(server: http.Server, path: string): Promise<http.IncomingMessage> {
    const { port } = server.address() as AddressInfo;
    return new Promise((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path }, resolve).on('error', reject);
    });
  }

  it('sends an event stream’s headers before its first event', async () => {
    const server = await startHttpServer(gateway(), { port: 0, host: '127.0.0.1' });
    try {
      const res = await openStream(server, '/api/chat/quiet-stream');
      expect(res.headers['content-type']).toBe('text/event-stream');
      expect(res.headers['x-accel-buffering']).toBe('no');
      res.destroy();
    } finally {
      await closeHttpServer(server);
    }
  });

  it('delivers an SSE chunk before the upstream ends the response', async () => {
    const server = await startHttpServer(gateway(), { port: 0, host: '127.0.0.1' });
    try {
      const res = await openStream(server, '/api/chat/stream');
      expect(res.headers['content-type']).toContain('text/event-stream');
      expect(res.headers['content-encoding']).toBeUndefined();
      res.setEncoding('utf8');
      const chunks: string[] = [];
      let ended = false;
      res.on('end', () => (ended = true));
      const first = await new Promise<string>((resolve) => res.once('data', resolve));
      chunks.push(first);
      expect(first).toBe('data: first\n\n');
      expect(ended).toBe(false);
      res.on('data', (chunk: string) => chunks.push(chunk));
      const finished = new Promise((resolve) => res.once('end', resolve));
      releaseStream();
      await finished;
      expect(chunks.join('')).toBe('data: first\n\ndata: last\n\n');
    } finally {
      await closeHttpServer(server);
    }
  });
});

describe('a client who leaves', () => {
  async function leaveAfter(path: string, leave: (sent: http.ClientRequest) => Promise<void>): Promise<void> {
    const server = await startHttpServer(gateway(), { port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.address() as AddressInfo;
      const sent = http.get({ host: '127.0.0.1', port, path });
      sent.on('error', () => undefined);
      await leave(sent);
      await eventually(async () => cutUpstream.includes(path));
    } finally {
      await closeHttpServer(server);
    }
  }

  it('cancels the request to the service when it leaves before the answer', async () => {
    await leaveAfter('/api/chat/never', async (sent) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      sent.destroy();
    });
  });

  it('closes the service’s stream when it leaves mid-stream', async () => {
    await leaveAfter('/api/chat/endless-stream', async (sent) => {
      const res = await new Promise<http.IncomingMessage>((resolve) => sent.once('response', resolve));
      await new Promise((resolve) => res.once('data', resolve));
      res.destroy();
    });
  });
});

describe('upstream failures', () => {
  it('answers 503 naming the service when it is down, with when to retry', async () => {
    const upstreams = { ...baseConfig.upstreams, catalog: [await closedPortUrl()] };
    const res = await request(gateway({ upstreams })).get('/api/catalog/plans').expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(apiErrorBody.parse(res.body).error).toMatchObject({
      code: 'upstream_unavailable',
      message: 'The catalog service is unavailable. Please try again shortly.',
    });
  });

  it('sends a request a stopped replica refused to another replica of the service', async () => {
    const upstreams = { ...baseConfig.upstreams, catalog: [await closedPortUrl(), ...baseConfig.upstreams.catalog] };
    const app = gateway({ upstreams });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await request(app).get('/api/catalog/plans').expect(200)).body).toMatchObject({ service: 'catalog', url: '/api/catalog/plans' });
      expect((await request(app).delete('/api/catalog/plans/x').expect(200)).body).toMatchObject({ method: 'DELETE' });
    }
  });

  it('sends a request with a body that a replica stopped since its last probe refused, whole, to another replica, /v1 included', async () => {
    const sent = JSON.stringify({ model: 'meeting-prep', messages: [{ role: 'user', content: 'x'.repeat(20_000) }] });
    for (const path of ['/api/chat/conversations', '/v1/chat/completions']) {
      // Ready when the gateway's first probe asks, then stopped: the pool still counts it in, and
      // round robin sends the request to it first.
      let probed!: () => void;
      const wasProbed = new Promise<void>((resolve) => (probed = resolve));
      const stopping = await startHttpServer(
        express().get('/readyz', (_req, res) => {
          res.json({ status: 'up', service: 'chat', checks: {} });
          probed();
        }),
        { port: 0, host: '127.0.0.1' },
      );
      const upstreams = { ...baseConfig.upstreams, chat: [serverUrl(stopping), ...baseConfig.upstreams.chat] };
      const app = gateway({ upstreams, bodyLimitBytes: 1024 * 1024, upstreamProbeIntervalMs: 60_000 });
      await wasProbed;
      stopping.closeAllConnections();
      await closeHttpServer(stopping);
      const res = await request(app).post(path).set('content-type', 'application/json').send(sent).expect(200);
      expect(res.body).toMatchObject({ service: 'chat', method: 'POST', url: path, body: sent });
      await app.close();
    }
  });

  it('answers 503 when every replica refuses', async () => {
    const upstreams = { ...baseConfig.upstreams, catalog: [await closedPortUrl(), await closedPortUrl()] };
    const res = await request(gateway({ upstreams })).get('/api/catalog/plans').expect(503);
    expect(res.body.error).toMatchObject({ code: 'upstream_unavailable' });
  });

  it('retries a read the replica dropped, but never sends a request body twice', async () => {
    // Ready by its probe, yet it drops every request's connection, as a replica does mid-restart.
    const dropping = express()
      .get('/readyz', (_req, res) => void res.json({ status: 'up', service: 'catalog', checks: {} }))
      .use((req) => req.socket.destroy());
    const server = await startHttpServer(dropping, { port: 0, host: '127.0.0.1' });
    servers.push(server);
    const upstreams = { ...baseConfig.upstreams, catalog: [serverUrl(server), ...baseConfig.upstreams.catalog] };
    // Round robin starts at the dropping replica each time: a fresh gateway per request.
    expect((await request(gateway({ upstreams })).get('/api/catalog/plans').expect(200)).body).toMatchObject({ service: 'catalog' });
    const res = await request(gateway({ upstreams })).post('/api/catalog/things').set('content-type', 'text/plain').send('once').expect(503);
    expect(res.body.error).toMatchObject({ code: 'upstream_unavailable' });
  });

  it('with one replica, retries a read whose connection it dropped once more on another connection, and answers 503 when that one drops too', async () => {
    let drops = 1;
    const flaky = express()
      .get('/readyz', (_req, res) => void res.json({ status: 'up', service: 'catalog', checks: {} }))
      .use((req, res) => {
        if (drops > 0 || req.path === '/api/catalog/always-dropped') {
          drops -= 1;
          req.socket.destroy();
          return;
        }
        res.json({ service: 'catalog', url: req.originalUrl });
      });
    const server = await startHttpServer(flaky, { port: 0, host: '127.0.0.1' });
    servers.push(server);
    const app = gateway({ upstreams: { ...baseConfig.upstreams, catalog: [serverUrl(server)] } });
    expect((await request(app).get('/api/catalog/plans').expect(200)).body).toEqual({ service: 'catalog', url: '/api/catalog/plans' });
    drops = 1;
    expect((await request(app).post('/api/catalog/things').set('content-type', 'text/plain').send('once').expect(503)).body.error).toMatchObject({
      code: 'upstream_unavailable',
    });
    expect((await request(app).get('/api/catalog/always-dropped').expect(503)).body.error).toMatchObject({ code: 'upstream_unavailable' });
  });

  it('answers 504 when the service does not answer in time', async () => {
    const started = Date.now();
    const res = await request(gateway({ upstreamTimeoutMs: 200 }))
      .get('/api/billing/slow')
      .expect(504);
    expect(res.body.error).toMatchObject({ code: 'upstream_timeout' });
    // undici checks the wait on a clock that ticks about every half second.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('shows a friendly page when the shell is down', async () => {
    const res = await request(gateway({ shellUrl: await closedPortUrl() }))
      .get('/chat')
      .expect(503);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.text).toContain('temporarily unavailable');
  });
});

describe('gateway endpoints', () => {
  it('is live on its own', async () => {
    expect((await request(gateway()).get('/healthz').expect(200)).body).toEqual({ status: 'up' });
  });

  it('once draining, fails its health checks for the load balancer while still serving every request', async () => {
    const app = gateway();
    app.drain();
    for (const path of ['/healthz', '/readyz']) expect((await request(app).get(path).expect(503)).body).toEqual({ status: 'draining' });
    expect((await request(app).get('/api/catalog/plans').expect(200)).body).toMatchObject({ service: 'catalog' });
    expect((await request(app).get('/').expect(200)).text).toBeTruthy();
  });

  const OPERATOR = { authorization: 'Bearer metrics-token-0123456789' };

  it('is ready when every service and the shell are', async () => {
    const res = await request(gateway({ metricsToken: 'metrics-token-0123456789' }))
      .get('/readyz')
      .set(OPERATOR)
      .expect(200);
    const checks = Object.fromEntries([...UPSTREAM_NAMES, 'shell'].map((name) => [name, { status: 'up' }]));
    expect(readinessBody.parse(res.body)).toEqual({ status: 'up', service: 'gateway', checks });
  });

  it('is not ready when one service is down, and tells only the operator which and why', async () => {
    const down: UpstreamName = 'identity';
    const upstreams = { ...baseConfig.upstreams, [down]: [await closedPortUrl()] };
    const app = gateway({ upstreams, metricsToken: 'metrics-token-0123456789' });
    const res = await request(app).get('/readyz').set(OPERATOR).expect(503);
    const body = readinessBody.parse(res.body);
    expect(body.status).toBe('down');
    expect(body.checks.identity).toEqual({ status: 'down', error: 'unreachable (ECONNREFUSED)' });
    expect(body.checks.catalog).toEqual({ status: 'up' });
    // A load balancer (anyone) gets the status and nothing about the services behind it.
    for (const anyone of [app, gateway({ upstreams })]) {
      const open = await request(anyone).get('/readyz').expect(503);
      expect(open.body).toEqual({ status: 'down', service: 'gateway', checks: {} });
      expect(open.text).not.toMatch(/identity|ECONNREFUSED|127\.0\.0\.1/);
    }
  });

  it('does not publish its metrics without a token, and serves them with one', async () => {
    // Without the token the path is an ordinary page path: it goes to the shell, never to the metrics.
    expect((await request(gateway()).get('/metrics')).text).not.toContain('http_request');
    const guarded = gateway({ metricsToken: 'metrics-token-0123456789' });
    expect((await request(guarded).get('/metrics').set('authorization', 'Bearer wrong-token-0123456789')).text).not.toContain('http_request');
    const res = await request(guarded).get('/metrics').set('authorization', 'Bearer metrics-token-0123456789').expect(200);
    expect(res.text).toContain('http_request');
  });

  it('serves the remotes’ manifest URLs uncached', async () => {
    const res = await request(gateway()).get('/runtime-config.json').expect(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toEqual({
      remotes: {
        marketing: 'https://marketing.example.com/mf-manifest.json',
        account: 'http://localhost:3202/mf-manifest.json',
        chat: 'http://localhost:3203/mf-manifest.json',
        admin: 'http://localhost:3204/mf-manifest.json',
      },
    });
  });
});

describe('the public API (/v1)', () => {
  const apiKey = { Authorization: 'Bearer adk_0123456789abcdefghijklmnopqrstuvwxyzABCDEF' };

  it.each(['/v1/models', '/v1/models/meeting-prep', '/v1', '/v1?x=1', '/v1/unknown/path'])('sends %s to chat with the path and the API key unchanged', async (path) => {
    const res = await request(gateway()).get(path).set(apiKey).expect(200);
    expect(res.body).toMatchObject({ service: 'chat', method: 'GET', url: path, authorization: apiKey.Authorization });
  });

  it('sends a completion to chat with its body and key, and leaves any bearer to chat: no 401 from the gateway', async () => {
    const body = '{"model":"meeting-prep","messages":[{"role":"user","content":"hi"}]}';
    const res = await request(gateway()).post('/v1/chat/completions').set(apiKey).set('content-type', 'application/json').send(body).expect(200);
    expect(res.body).toMatchObject({ service: 'chat', method: 'POST', url: '/v1/chat/completions', authorization: apiKey.Authorization, body });
    // Not a JWT the gateway would refuse (it is /api's check): chat decides.
    const forged = await request(gateway()).get('/v1/models').set(bearer('forged.token.value')).expect(200);
    expect(forged.body.authorization).toBe('Bearer forged.token.value');
  });

  it('streams a completion chunk by chunk', async () => {
    const server = await startHttpServer(gateway(), { port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.address() as AddressInfo;
      const sent = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/chat/completions', headers: { ...apiKey, 'Content-Type': 'application/json' } });
      sent.end('{"model":"meeting-prep","stream":true,"messages":[]}');
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => sent.once('response', resolve).once('error', reject));
      expect(res.headers['content-type']).toContain('text/event-stream');
      expect(res.headers['x-accel-buffering']).toBe('no');
      res.setEncoding('utf8');
      let ended = false;
      res.on('end', () => (ended = true));
      const first = await new Promise<string>((resolve) => res.once('data', resolve));
      expect(first).toBe('data: {"object":"chat.completion.chunk","n":1}\n\n');
      expect(ended).toBe(false);
      let rest = '';
      res.on('data', (chunk: string) => (rest += chunk));
      const finished = new Promise((resolve) => res.once('end', resolve));
      releasePublicStream();
      await finished;
      expect(rest).toBe('data: [DONE]\n\n');
    } finally {
      await closeHttpServer(server);
    }
  });

  it('never falls through to the shell, even with chat down', async () => {
    const models = await request(gateway()).get('/v1/models').expect(200);
    expect(models.headers['content-type']).toContain('application/json');
    expect(models.text).not.toContain('<title>shell</title>');
    const down = await request(gateway({ upstreams: { ...baseConfig.upstreams, chat: [await closedPortUrl()] } }))
      .get('/v1/models')
      .expect(503);
    expect(down.headers['content-type']).toContain('application/json');
    expect(down.body.error).toMatchObject({ code: 'service_unavailable' });
    // Only /v1 itself and below: a page path that merely starts the same way is the shell's.
    expect((await request(gateway()).get('/v1beta').expect(200)).text).toContain('<title>shell</title>');
  });
});

describe('the gateway’s own refusals on /v1, in OpenAI’s error shape', () => {
  /** OpenAI's error object, exactly: what the SDKs read. */
  const openAiError = (code: string, type: string, message: string) => ({ error: { message, type, code, param: null } });

  it('answers its rate limit with 429 rate_limit_exceeded, Retry-After and the RateLimit headers', async () => {
    const app = gateway({ rateLimitPerMinute: 1 });
    await request(app).get('/v1/models').expect(200);
    const res = await request(app).get('/v1/models').expect(429);
    expect(res.headers['content-type']).toContain('application/json');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers.ratelimit).toMatch(/^limit=1, remaining=0, reset=\d+$/);
    expect(res.body).toEqual(openAiError('rate_limit_exceeded', 'requests', 'Too many requests. Please slow down and try again shortly.'));
  });

  it('answers a body over its limit with 413 request_too_large, before chat sees it', async () => {
    const res = await request(gateway())
      .post('/v1/chat/completions')
      .set('content-type', 'application/json')
      .send(`"${'x'.repeat(2048)}"`)
      .expect(413);
    expect(res.body).toEqual(openAiError('request_too_large', 'invalid_request_error', 'The request body is too large. The limit is 1 KB.'));
  });

  it('answers 503 service_unavailable with Retry-After when chat is down', async () => {
    const res = await request(gateway({ upstreams: { ...baseConfig.upstreams, chat: [await closedPortUrl()] } }))
      .post('/v1/chat/completions')
      .set('content-type', 'application/json')
      .send('{"model":"meeting-prep","messages":[]}')
      .expect(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toEqual(openAiError('service_unavailable', 'api_error', 'The chat service is unavailable. Please try again shortly.'));
  });

  it('answers 504 upstream_timeout when chat does not answer in time', async () => {
    // Takes every request and never answers.
    const server = await startHttpServer(
      express().use(() => undefined),
      { port: 0, host: '127.0.0.1' },
    );
    servers.push(server);
    const res = await request(gateway({ upstreamTimeoutMs: 200, upstreams: { ...baseConfig.upstreams, chat: [serverUrl(server)] } }))
      .get('/v1/models')
      .expect(504);
    expect(res.body).toEqual(openAiError('upstream_timeout', 'api_error', 'The chat service took too long to respond. Please try again shortly.'));
  });

  it('answers text with NUL, which no service may store, with 400 invalid_request', async () => {
    const res = await request(gateway()).get('/v1/models?q=%00').expect(400);
    expect(res.body).toEqual(openAiError('invalid_request', 'invalid_request_error', 'Text may not contain NUL or other control characters.'));
  });

  it('keeps the platform’s shape for the same refusals under /api', async () => {
    const app = gateway({ rateLimitPerMinute: 1 });
    await request(app).get('/api/chat/wallet').expect(200);
    expect((await request(app).get('/api/chat/wallet').expect(429)).body.error).toMatchObject({ code: 'rate_limited' });
    const down = await request(gateway({ upstreams: { ...baseConfig.upstreams, chat: [await closedPortUrl()] } }))
      .get('/api/chat/wallet')
      .expect(503);
    expect(apiErrorBody.parse(down.body).error.code).toBe('upstream_unavailable');
  });

  it('is read by the official OpenAI SDK as its own error classes', async () => {
    const limited = await startHttpServer(gateway({ rateLimitPerMinute: 1 }), { port: 0, host: '127.0.0.1' });
    const chatDown = await startHttpServer(gateway({ upstreams: { ...baseConfig.upstreams, chat: [await closedPortUrl()] } }), { port: 0, host: '127.0.0.1' });
    try {
      const client = (server: http.Server) => new OpenAI({ apiKey: 'adk_0123456789abcdefghijklmnopqrstuvwxyzABCDEF', baseURL: `${serverUrl(server)}/v1`, maxRetries: 0 });
      await client(limited).models.list();
      const tooMany = await client(limited)
        .models.list()
        .catch((error: unknown) => error);
      expect(tooMany).toBeInstanceOf(OpenAI.RateLimitError);
      expect(tooMany).toMatchObject({ status: 429, code: 'rate_limit_exceeded', type: 'requests', message: '429 Too many requests. Please slow down and try again shortly.' });
      const down = await client(chatDown)
        .models.list()
        .catch((error: unknown) => error);
      expect(down).toBeInstanceOf(OpenAI.InternalServerError);
      expect(down).toMatchObject({ status: 503, code: 'service_unavailable', type: 'api_error' });
    } finally {
      await closeHttpServer(limited);
      await closeHttpServer(chatDown);
    }
  });
});

describe('the API layers', () => {
  const target = (path: string) => (path.startsWith('/v1') ? 'chat' : 'catalog');
  // What each layer visibly does. Typed by API_LAYERS: a layer added there needs its check here.
  const applies: Record<ApiLayerName, (path: string) => Promise<void>> = {
    standard: async (path) => {
      const credential = path.startsWith('/v1') ? 'adk_0123456789abcdefghijklmnopqrstuvwxyzABCDEF' : await issuer.issue({ sub: 'u1', email: 'ada@example.com' });
      const res = await request(gateway()).get(path).set('x-request-id', 'layer-check-1').set(bearer(credential)).expect(200);
      expect(res.headers['x-request-id']).toBe('layer-check-1');
      expect(res.body.requestId).toBe('layer-check-1');
      expect(res.headers['cache-control']).toBe('no-store');
      const nul = await request(gateway()).get(`${path}?q=%00`).expect(400);
      expect(nul.body.error.code).toBe(path.startsWith('/v1') ? 'invalid_request' : 'invalid_text');
    },
    securityHeaders: async (path) => {
      const res = await request(gateway()).get(path);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['permissions-policy']).toBeUndefined();
    },
    rateLimit: async (path) => {
      const app = gateway({ rateLimitPerMinute: 1 });
      expect((await request(app).get(path).expect(200)).headers.ratelimit).toBe('limit=1, remaining=0, reset=60');
      expect((await request(app).get(path).expect(429)).body.error.code).toBe(path.startsWith('/v1') ? 'rate_limit_exceeded' : 'rate_limited');
    },
    bodyLimit: async (path) => {
      const res = await request(gateway()).post(path).set('content-type', 'text/plain').send('x'.repeat(2048)).expect(413);
      expect(res.body.error.code).toBe(path.startsWith('/v1') ? 'request_too_large' : 'payload_too_large');
    },
    tokenCheck: async (path) => {
      const res = await request(gateway()).get(path).set(bearer('forged.token.value'));
      // The public API's bearer is an API key for chat to check; /api's is a JWT checked here first.
      if (path.startsWith('/v1')) expect(res.body).toMatchObject({ service: 'chat', authorization: 'Bearer forged.token.value' });
      else expect(res.status).toBe(401);
    },
  };

  it.each(API_LAYERS.flatMap((layer) => ['/api/catalog/things', '/v1/models'].map((path) => [layer, path] as const)))('applies %s to %s', async (layer, path) => {
    await applies[layer](path);
    expect((await request(gateway()).get(path).expect(200)).body.service).toBe(target(path));
  });

  it('answers an unknown /api path after the same layers', async () => {
    const res = await request(gateway({ rateLimitPerMinute: 5 }))
      .get('/api/nowhere')
      .set('x-request-id', 'layer-check-2')
      .expect(404);
    expect(res.headers['x-request-id']).toBe('layer-check-2');
    expect(res.headers.ratelimit).toBe('limit=5, remaining=4, reset=60');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import express from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import { closeHttpServer, createLogger, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { eventually } from '@agentdock/service-kit/testing';
import { type Gateway, createGateway } from './app';
import { type GatewayConfig, loadGatewayConfig } from './config';

const REDIS_URL = 'redis://127.0.0.1:6379';

/** Whether something accepts connections on Redis's port (checked once, before the tests are declared). */
function redisListening(): boolean {
  const probe = spawnSync(process.execPath, ['-e', "require('net').connect(6379, '127.0.0.1').on('connect', () => process.exit(0)).on('error', () => process.exit(1))"], {
    timeout: 5_000,
  });
  return probe.status === 0;
}

const withRedis = redisListening();
if (!withRedis) console.warn(`Skipping the shared rate-limit tests: nothing listens on ${REDIS_URL} (start redis-server to run them).`);
const describeWithRedis = withRedis ? describe : describe.skip;

const logger = createLogger({ service: 'gateway-test', level: 'silent' });
// Keys of this run only, so runs never share a count and the cleanup removes nothing else.
const keyPrefix = `agentdock-test:gateway-rate:${randomUUID()}`;
let upstream: http.Server;
let baseConfig: GatewayConfig;
const gateways: Gateway[] = [];

beforeAll(async () => {
  upstream = await startHttpServer(
    express().use((req, res) => void res.json({ url: req.originalUrl })),
    { port: 0, host: '127.0.0.1' },
  );
  // The client's address comes from X-Forwarded-For (one trusted proxy), so each test is its own client.
  baseConfig = loadGatewayConfig({ CATALOG_URL: serverUrl(upstream), CHAT_URL: serverUrl(upstream), JWKS_URL: 'http://127.0.0.1:9/jwks.json', TRUST_PROXY_HOPS: '1' });
});

afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()));
  await closeHttpServer(upstream);
  if (!withRedis) return;
  const redis = new Redis(REDIS_URL);
  try {
    const keys = await redis.keys(`${keyPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
});

function gateway(overrides: Partial<GatewayConfig>, log = logger): Gateway {
  const created = createGateway({ ...baseConfig, rateLimitKeyPrefix: keyPrefix, ...overrides }, log);
  gateways.push(created);
  return created;
}

const from = (client: string) => ({ 'x-forwarded-for': client });

describeWithRedis('the /api limit shared through Redis', () => {
  it('counts one client once across two gateways', async () => {
    const [first, second] = [gateway({ rateLimitPerMinute: 3, rateLimitRedisUrl: REDIS_URL }), gateway({ rateLimitPerMinute: 3, rateLimitRedisUrl: REDIS_URL })];
    // Each gateway connects on its own: wait until both count in Redis (a warm-up client of their own).
    const redis = new Redis(REDIS_URL);
    try {
      for (const [index, replica] of [first, second].entries()) {
        const warmUp = `198.51.100.${index + 1}`;
        await eventually(async () => {
          await request(replica).get('/api/catalog/plans').set(from(warmUp));
          return (await redis.exists(`${keyPrefix}:${warmUp}`)) === 1;
        });
      }
    } finally {
      redis.disconnect();
    }

    const client = from('203.0.113.7');
    const answers = [];
    for (const replica of [first, second, first, second]) answers.push(await request(replica).get('/api/catalog/plans').set(client));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((res) => res.headers.ratelimit)).toEqual([
      expect.stringMatching(/^limit=3, remaining=2, reset=(59|60)$/),
      expect.stringMatching(/^limit=3, remaining=1, reset=(59|60)$/),
      expect.stringMatching(/^limit=3, remaining=0, reset=(59|60)$/),
      expect.stringMatching(/^limit=3, remaining=0, reset=(59|60)$/),
    ]);
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[3]!.body.error.code).toBe('rate_limited');
    // The public API spends the same allowance.
    await request(first).get('/v1/models').set(client).expect(429);
    // Another client is counted apart.
    await request(second).get('/api/catalog/plans').set(from('203.0.113.8')).expect(200);
  });
});

describe('the /api limit with Redis unreachable', () => {
  it('keeps answering, counting on each gateway alone, and warns once', async () => {
    const warnings: unknown[] = [];
    const watched = createLogger({ service: 'gateway-test', level: 'silent' });
    jest.spyOn(watched, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args));
    // Nothing listens on port 1: every connection attempt is refused.
    const replica = gateway({ rateLimitPerMinute: 2, rateLimitRedisUrl: 'redis://127.0.0.1:1' }, watched);
    const client = from('203.0.113.9');
    await request(replica).get('/api/catalog/plans').set(client).expect(200);
    const second = await request(replica).get('/api/catalog/plans').set(client).expect(200);
    expect(second.headers.ratelimit).toBe('limit=2, remaining=0, reset=60');
    await request(replica).get('/api/catalog/plans').set(client).expect(429);
    // ioredis keeps retrying (each refusal an 'error' event); the log hears of the outage once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('redis://127.0.0.1:1');
  });
});

import { ConfigError } from '@agentdock/service-kit';
import { loadGatewayConfig } from './config';

describe('loadGatewayConfig', () => {
  it('runs on defaults that match the embedded ports', () => {
    expect(loadGatewayConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      upstreams: {
        identity: ['http://127.0.0.1:3101'],
        catalog: ['http://127.0.0.1:3102'],
        billing: ['http://127.0.0.1:3103'],
        chat: ['http://127.0.0.1:3104'],
      },
      upstreamProbeIntervalMs: 1_000,
      drainDelayMs: 0,
      shellUrl: 'http://127.0.0.1:3200',
      remotes: {
        marketing: 'http://localhost:3201/mf-manifest.json',
        account: 'http://localhost:3202/mf-manifest.json',
        chat: 'http://localhost:3203/mf-manifest.json',
        admin: 'http://localhost:3204/mf-manifest.json',
      },
      jwksUrl: 'http://127.0.0.1:3101/api/identity/.well-known/jwks.json',
      rateLimitPerMinute: 300,
      rateLimitRedisUrl: undefined,
      rateLimitKeyPrefix: 'agentdock:gateway:api',
      pageRateLimitPerMinute: 120,
      gatewaySecret: undefined,
      bodyLimitBytes: 1024 * 1024,
      upstreamTimeoutMs: 30_000,
      trustProxyHops: 0,
      metricsToken: undefined,
      logLevel: 'info',
    });
  });

  it('drains for DRAIN_DELAY_MS before stopping, up to a minute', () => {
    expect(loadGatewayConfig({ DRAIN_DELAY_MS: '3000' }).drainDelayMs).toBe(3000);
    expect(() => loadGatewayConfig({ DRAIN_DELAY_MS: '60001' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ DRAIN_DELAY_MS: 'soon' })).toThrow(ConfigError);
  });

  it('takes several replicas of a service as comma-separated URLs, and refuses an empty list', () => {
    expect(loadGatewayConfig({ CATALOG_URL: 'http://catalog-a:3102, http://catalog-b:3102/' }).upstreams.catalog).toEqual(['http://catalog-a:3102', 'http://catalog-b:3102']);
    expect(() => loadGatewayConfig({ CATALOG_URL: ' , ' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ CATALOG_URL: 'http://catalog-a:3102,ftp://x' })).toThrow(ConfigError);
  });

  it('derives the JWKS URL from IDENTITY_URL unless JWKS_URL is set', () => {
    expect(loadGatewayConfig({ IDENTITY_URL: 'http://identity:3101/' }).jwksUrl).toBe('http://identity:3101/api/identity/.well-known/jwks.json');
    expect(loadGatewayConfig({ JWKS_URL: 'https://keys.example.com/jwks.json' }).jwksUrl).toBe('https://keys.example.com/jwks.json');
  });

  it('accepts remotes served from the gateway’s own origin as paths', () => {
    expect(loadGatewayConfig({ REMOTE_CHAT_URL: '/remotes/chat/mf-manifest.json' }).remotes.chat).toBe('/remotes/chat/mf-manifest.json');
    expect(() => loadGatewayConfig({ REMOTE_CHAT_URL: '//cdn.example.com/mf-manifest.json' })).toThrow(
      'REMOTE_CHAT_URL: expected an http(s) URL or a path starting with /, got "//cdn.example.com/mf-manifest.json"',
    );
  });

  it('counts the /api limit in Redis when REDIS_URL or RATE_LIMIT_REDIS_URL is set, and never prints a bad one', () => {
    expect(loadGatewayConfig({ REDIS_URL: 'redis://cache:6379' }).rateLimitRedisUrl).toBe('redis://cache:6379');
    expect(loadGatewayConfig({ REDIS_URL: 'redis://cache:6379', RATE_LIMIT_REDIS_URL: 'rediss://limits:6380/2' }).rateLimitRedisUrl).toBe('rediss://limits:6380/2');
    expect(() => loadGatewayConfig({ REDIS_URL: 'http://user:hunter2@cache:6379' })).toThrow('REDIS_URL: expected a redis:// or rediss:// URL');
    expect(() => loadGatewayConfig({ REDIS_URL: 'http://user:hunter2@cache:6379' })).not.toThrow('hunter2');
  });

  it('names every bad variable', () => {
    expect(() => loadGatewayConfig({ PORT: 'x', CATALOG_URL: 'catalog:3102', BODY_LIMIT: 'huge' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ PORT: 'x', CATALOG_URL: 'catalog:3102', BODY_LIMIT: 'huge' })).toThrow(
      [
        'Invalid configuration for gateway:',
        '  - PORT: expected a port number, got "x"',
        '  - CATALOG_URL: expected an http(s) URL, got "catalog:3102"',
        `  - BODY_LIMIT: expected a size such as '100kb' or '1mb', got "huge"`,
      ].join('\n'),
    );
  });
});

import { z } from 'zod';
import { ConfigError, booleanFlagSchema, byteSizeSchema, formatByteSize, httpUrlSchema, loadConfig, logLevelSchema, portSchema, proxyHopsSchema } from '../index';

const schema = z.object({
  PORT: portSchema.default(3102),
  LOG_LEVEL: logLevelSchema,
  DATABASE_URL: z.string().min(1),
  PUBLIC_URL: httpUrlSchema,
  STRIPE_SECRET_KEY: z.string().startsWith('sk_'),
});

function loadError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(schema, env, 'svc-catalog');
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it("keeps a rule's own message for a variable it needs but that is not set", () => {
    const either = z.object({ A: z.string().optional(), B: z.string().optional() }).refine((env) => env.A || env.B, { message: 'set A or B', path: ['A'] });
    expect(() => loadConfig(either, {})).toThrow('  - A: set A or B');
  });

  it('parses valid values and applies defaults', () => {
    const config = loadConfig(schema, {
      DATABASE_URL: 'postgres://localhost/catalog',
      PUBLIC_URL: 'http://localhost:3000/',
      STRIPE_SECRET_KEY: 'sk_test_1',
    });
    expect(config).toEqual({
      PORT: 3102,
      LOG_LEVEL: 'info',
      DATABASE_URL: 'postgres://localhost/catalog',
      PUBLIC_URL: 'http://localhost:3000',
      STRIPE_SECRET_KEY: 'sk_test_1',
    });
  });

  it('lists every bad or missing variable in one readable message', () => {
    const error = loadError({ PORT: 'abc', LOG_LEVEL: 'loud', PUBLIC_URL: 'ftp://files', STRIPE_SECRET_KEY: 'pk_live_123' });
    expect(error.message).toBe(
      [
        'Invalid configuration for svc-catalog:',
        '  - PORT: expected a port number, got "abc"',
        '  - LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent, got "loud"',
        '  - DATABASE_URL: is required but not set',
        '  - PUBLIC_URL: expected an http(s) URL, got "ftp://files"',
        '  - STRIPE_SECRET_KEY: Invalid string: must start with "sk_"',
      ].join('\n'),
    );
    expect(error.problems.map((problem) => problem.variable)).toEqual(['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'PUBLIC_URL', 'STRIPE_SECRET_KEY']);
  });

  it('never echoes the value of a secret-looking variable', () => {
    expect(loadError({ DATABASE_URL: 'x', PUBLIC_URL: 'http://a', STRIPE_SECRET_KEY: 'pk_live_123' }).message).not.toContain('pk_live_123');
  });

  it('treats empty values as unset, so PORT= falls back to the default', () => {
    const config = loadConfig(schema, { PORT: '', DATABASE_URL: 'x', PUBLIC_URL: 'http://a', STRIPE_SECRET_KEY: 'sk_1' });
    expect(config.PORT).toBe(3102);
  });

  it('rejects ports out of range and fractional ports', () => {
    expect(() => loadConfig(z.object({ PORT: portSchema }), { PORT: '70000' })).toThrow('PORT: expected a port number between 0 and 65535, got "70000"');
    expect(() => loadConfig(z.object({ PORT: portSchema }), { PORT: '80.5' })).toThrow('PORT: expected a whole port number, got "80.5"');
  });
});

describe('schema pieces', () => {
  it('reads true/false flags and proxy hop counts, and names what is wrong', () => {
    expect(booleanFlagSchema.parse('true')).toBe(true);
    expect(booleanFlagSchema.parse('false')).toBe(false);
    expect(() => loadConfig(z.object({ COOKIE_SECURE: booleanFlagSchema }), { COOKIE_SECURE: 'yes' })).toThrow('COOKIE_SECURE: expected true or false');
    expect(proxyHopsSchema.parse('2')).toBe(2);
    expect(() => loadConfig(z.object({ TRUST_PROXY_HOPS: proxyHopsSchema }), { TRUST_PROXY_HOPS: '-1' })).toThrow('TRUST_PROXY_HOPS: expected 0 or more');
  });

  it('reads byte sizes as operators write them', () => {
    expect(byteSizeSchema.parse('100kb')).toBe(102_400);
    expect(byteSizeSchema.parse('1.5MB')).toBe(1_572_864);
    expect(byteSizeSchema.parse('2048')).toBe(2048);
    expect(byteSizeSchema.safeParse('lots').success).toBe(false);
    expect(formatByteSize(1_048_576)).toBe('1 MB');
    expect(formatByteSize(102_400)).toBe('100 KB');
    expect(formatByteSize(10)).toBe('10 bytes');
  });
});

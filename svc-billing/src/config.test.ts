import { ConfigError } from '@agentdock/service-kit';
import { loadBillingOptions } from './config';

const REAL_SECRET = 'whsec_5f3b1c0a9e8d7c6b5a4f3e2d1c0b9a8f';

describe('svc-billing configuration: no webhook secret anyone could read', () => {
  it('refuses to start without a secret key or a webhook secret (no defaults)', () => {
    expect(() => loadBillingOptions({})).toThrow(ConfigError);
    expect(() => loadBillingOptions({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET: is required/);
    expect(() => loadBillingOptions({ STRIPE_WEBHOOK_SECRET: REAL_SECRET })).toThrow(/STRIPE_SECRET_KEY: is required/);
  });

  it('refuses a real key with the published local webhook secret or a value that is no signing secret', () => {
    for (const key of ['sk_live_abc', 'sk_test_abc', 'rk_live_abc']) {
      expect(() => loadBillingOptions({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: 'whsec_local' })).toThrow(/STRIPE_WEBHOOK_SECRET: must be the signing secret/);
      expect(() => loadBillingOptions({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    }
  });

  it('refuses a key that is not Stripe’s without the local server’s host, and a live key sent to the local server', () => {
    expect(() => loadBillingOptions({ STRIPE_SECRET_KEY: 'sk_local', STRIPE_WEBHOOK_SECRET: REAL_SECRET })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => loadBillingOptions({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: REAL_SECRET, STRIPE_API_HOST: '127.0.0.1' })).toThrow(/STRIPE_API_HOST/);
  });

  it('talks to Stripe with a real key and its endpoint secret, and to the local server when its host is given', () => {
    expect(loadBillingOptions({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: REAL_SECRET }).stripe).toEqual({ secretKey: 'sk_test_abc', webhookSecret: REAL_SECRET });
    expect(loadBillingOptions({ STRIPE_SECRET_KEY: 'sk_test_local', STRIPE_WEBHOOK_SECRET: 'whsec_made_at_start', STRIPE_API_HOST: '127.0.0.1' }).stripe).toEqual({
      secretKey: 'sk_test_local',
      webhookSecret: 'whsec_made_at_start',
      host: '127.0.0.1',
      port: 3105,
      protocol: 'http',
    });
  });
});

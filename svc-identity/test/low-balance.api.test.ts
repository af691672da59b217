import { chatCreditsLowV1 } from '@agentdock/contracts';
import { emailOnceFor, signUpConfirmed, startIdentity, type IdentityHarness } from './helpers';

describe('low-balance email', () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  it('emails the owner of the address once per event, linking to the plans', async () => {
    const { email, session } = await signUpConfirmed(identity.url);
    const low = { userId: session.user.id, balance: 4_200, limit: 50_000, periodStart: '2026-11-01T00:00:00.000Z', renewsAt: '2026-12-01T00:00:00.000Z' };
    const message = await emailOnceFor(identity, chatCreditsLowV1, low, email, /credits are running low/);
    expect(message.text).toContain('You have 4,200 credits left: 4,200 plan credits (refill on Dec 1) and 0 purchased credits (never expire).');
    expect(message.links).toEqual(['http://localhost:3000/pricing']);
  });

  it('quotes the one balance, plan and purchased credits together, as every screen shows it', async () => {
    const { email, session } = await signUpConfirmed(identity.url);
    const low = { userId: session.user.id, balance: 4_200, limit: 50_000, purchased: 500_000, periodStart: '2026-11-01T00:00:00.000Z', renewsAt: '2026-12-27T00:00:00.000Z' };
    const message = await emailOnceFor(identity, chatCreditsLowV1, low, email, /credits are running low/);
    expect(message.text).toContain('You have 504,200 credits left: 4,200 plan credits (refill on Dec 27) and 500,000 purchased credits (never expire).');
  });
});

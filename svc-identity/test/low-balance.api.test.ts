import { randomUUID } from 'node:crypto';
import { chatCreditsLowV1 } from '@agentdock/contracts';
import { latestEmail, mailbox, signUpConfirmed, startIdentity, type IdentityHarness } from './helpers';

describe('low-balance email', () => {
  let identity: IdentityHarness;
  beforeAll(async () => {
    identity = await startIdentity();
  });
  afterAll(() => identity.close());

  it('emails the owner of the address once per event, linking to the plans', async () => {
    const { email, session } = await signUpConfirmed(identity.url);
    const envelope = {
      id: randomUUID(),
      type: chatCreditsLowV1.type,
      version: chatCreditsLowV1.version,
      occurredAt: new Date().toISOString(),
      source: 'svc-chat',
      data: { userId: session.user.id, balance: 4_200, limit: 50_000, periodStart: '2026-11-01T00:00:00.000Z', renewsAt: '2026-12-01T00:00:00.000Z' },
    };
    await identity.bus.bus.publish(chatCreditsLowV1.subject, envelope);
    await identity.bus.bus.publish(chatCreditsLowV1.subject, envelope);
    const message = await latestEmail(identity.url, email, /credits are running low/);
    expect(message.text).toContain('You have 4,200 platform credits left for this period.');
    expect(message.links).toEqual(['http://localhost:3000/pricing']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const all = await mailbox(identity.url).query({ to: email });
    expect(all.body.messages.filter((entry: { subject: string }) => /running low/.test(entry.subject))).toHaveLength(1);
  });
});

import Stripe from 'stripe';
import { type SignatureDeps, verifyEvent, WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature';

// The signature's date against the tolerance, to the second, on a fixed clock (the flow test
// checks the same through HTTP with a margin, as its clock moves).
describe('a webhook signature', () => {
  const secret = 'whsec_signature_test';
  const stripe = new Stripe('sk_test_signature', { maxNetworkRetries: 0 });
  const deps: SignatureDeps = { stripe, webhookSecret: secret };
  const payload = JSON.stringify({ id: 'evt_signature', object: 'event', type: 'ping', data: { object: {} } });
  const now = 1_800_000_000;
  const verifyAt = (timestamp: number) => verifyEvent(deps, Buffer.from(payload), stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }), now);

  it('is accepted up to the tolerance either side of the clock, and refused one second past it', () => {
    expect(WEBHOOK_TOLERANCE_SECONDS).toBe(300);
    for (const timestamp of [now, now - 300, now + 300]) expect(verifyAt(timestamp).id).toBe('evt_signature');
    for (const timestamp of [now - 301, now + 301]) expect(() => verifyAt(timestamp)).toThrow(expect.objectContaining({ code: 'invalid_signature' }));
  });

  it('is refused when signed with another secret or missing', () => {
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other', timestamp: now });
    expect(() => verifyEvent(deps, Buffer.from(payload), forged, now)).toThrow(expect.objectContaining({ code: 'invalid_signature' }));
    expect(() => verifyEvent(deps, Buffer.from(payload), undefined, now)).toThrow(expect.objectContaining({ code: 'invalid_signature' }));
  });
});

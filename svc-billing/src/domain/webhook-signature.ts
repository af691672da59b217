import { BadRequestError } from '@agentdock/service-kit';
import type Stripe from 'stripe';

/** Stripe's own default: a signature older (or, with a skewed or forged clock, newer) than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The provider's client and the endpoint's signing secret. */
export interface SignatureDeps {
  stripe: Stripe;
  webhookSecret: string;
}

/** The `t=` of a `Stripe-Signature` header, in epoch seconds; null when absent or malformed. */
function signatureTimestamp(header: string): number | null {
  const part = header.split(',').find((entry) => entry.trim().startsWith('t='));
  const value = part ? Number(part.trim().slice(2)) : Number.NaN;
  return Number.isInteger(value) ? value : null;
}

/**
 * Verifies the signature over the exact bytes received; anything else is refused with 400. The
 * SDK only refuses signatures that are too old; one dated in the future would be accepted for as
 * long as its date is ahead, so that bound is checked here too.
 */
export function verifyEvent(deps: SignatureDeps, rawBody: Buffer, signature: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): Stripe.Event {
  if (!signature) throw new BadRequestError('Missing Stripe-Signature header', { code: 'invalid_signature' });
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(rawBody, signature, deps.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, nowSeconds * 1000);
  } catch (error) {
    throw new BadRequestError('Webhook signature verification failed', { code: 'invalid_signature', cause: error });
  }
  const timestamp = signatureTimestamp(signature);
  if (timestamp === null || timestamp - nowSeconds > WEBHOOK_TOLERANCE_SECONDS) {
    throw new BadRequestError('Webhook signature verification failed: timestamp outside the tolerance zone', { code: 'invalid_signature' });
  }
  return event;
}

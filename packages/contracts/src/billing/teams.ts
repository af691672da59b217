import * as z from 'zod/mini';
import { BILLING_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';
import { billingPeriod, billingSubscription, checkoutPlanId, redirectResponse } from './http';

/**
 * A team's (an organisation's) subscription, bought per seat by its owner or an admin. Billing
 * knows who they are from identity's organisation events; every `:orgId` route answers 404 to a
 * caller who is not a member, 403 to a member who is not owner or admin.
 */

/** The most seats one checkout or change may ask for (Checkout's adjustable quantity tops out there too). */
export const TEAM_SEATS_MAX = 500;

const seats = z.number().check(z.int(), z.gte(1, 'A team needs at least one seat.'), z.lte(TEAM_SEATS_MAX, `At most ${TEAM_SEATS_MAX} seats.`));

/** POST /api/billing/organisations/:orgId/checkout: a plan per seat, or a credit pack for the team's pool. */
export const teamCheckoutRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), planId: checkoutPlanId, billingPeriod, seats }),
  z.object({ kind: z.literal('credits'), packId: z.string().check(z.minLength(1), z.maxLength(64)) }),
]);
export type TeamCheckoutRequest = z.infer<typeof teamCheckoutRequest>;

/** POST …/seats and …/seats/preview */
export const seatChangeRequest = z.object({ seats });
export type SeatChangeRequest = z.infer<typeof seatChangeRequest>;

/** What changing the seats would invoice now (negative: a credit on the next invoice), as the provider prorates it. */
export const seatChangePreview = z.object({
  seats: z.number().check(z.int()),
  previousSeats: z.number().check(z.int()),
  /** Integer minor units. */
  amountDue: z.number().check(z.int()),
  currency: z.string().check(z.length(3)),
});
export type SeatChangePreview = z.infer<typeof seatChangePreview>;

/** The team's subscription (null before one is bought), with its seats and how many members hold one. */
export const teamBilling = z.object({
  subscription: z.nullable(z.extend(billingSubscription, { seats: z.number().check(z.int(), z.nonnegative()) })),
  members: z.number().check(z.int(), z.nonnegative()),
});
export type TeamBilling = z.infer<typeof teamBilling>;

export const BILLING_TEAM_ENDPOINTS = {
  teamBilling: defineEndpoint('GET', BILLING_BASE, '/organisations/:orgId', { response: teamBilling }),
  teamCheckout: defineEndpoint('POST', BILLING_BASE, '/organisations/:orgId/checkout', { request: teamCheckoutRequest, response: redirectResponse }),
  teamPortal: defineEndpoint('POST', BILLING_BASE, '/organisations/:orgId/portal', { response: redirectResponse }),
  previewSeats: defineEndpoint('POST', BILLING_BASE, '/organisations/:orgId/seats/preview', { request: seatChangeRequest, response: seatChangePreview }),
  changeSeats: defineEndpoint('POST', BILLING_BASE, '/organisations/:orgId/seats', { request: seatChangeRequest, response: teamBilling }),
} as const;

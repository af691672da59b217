import { z } from 'zod';
import { subscriptionTier } from '../catalog/tier';
import { defineEvent } from './envelope';

/** Published when an account is created (before its email is confirmed). */
export const userRegisteredV1 = defineEvent(
  'identity.user.registered',
  1,
  z.object({ userId: z.string().uuid(), email: z.string().email(), fullName: z.string().nullable(), tier: subscriptionTier }),
);

/** Published once, when the address is confirmed. */
export const userConfirmedV1 = defineEvent('identity.user.confirmed', 1, z.object({ userId: z.string().uuid(), email: z.string().email() }));

/** Every service rejects the user's requests from this event on, whatever their token says. */
export const userSuspendedV1 = defineEvent('identity.user.suspended', 1, z.object({ userId: z.string().uuid() }));

export const userReactivatedV1 = defineEvent('identity.user.reactivated', 1, z.object({ userId: z.string().uuid() }));

export const userTierChangedV1 = defineEvent('identity.user.tier-changed', 1, z.object({ userId: z.string().uuid(), tier: subscriptionTier, previousTier: subscriptionTier }));

/** A user turned on a second factor (an authenticator app), for the audit trail. */
export const userMfaEnabledV1 = defineEvent('identity.user.mfa-enabled', 1, z.object({ userId: z.string().uuid() }));

/** The user's second factor was removed: by the user, or reset by an admin (`adminId`). */
export const userMfaDisabledV1 = defineEvent(
  'identity.user.mfa-disabled',
  1,
  z.object({ userId: z.string().uuid(), by: z.enum(['user', 'admin']), adminId: z.string().uuid().nullable() }),
);

/**
 * A session (sign-in) ended: signed out, a refresh token reused, a password changed, the account
 * suspended. Its access tokens are still signed and unexpired; every service refuses those whose
 * `sid` is this session until `until`, when the last of them expires anyway.
 */
export const sessionRevokedV1 = defineEvent(
  'identity.session.revoked',
  1,
  z.object({ sessionId: z.string().uuid(), userId: z.string().uuid(), until: z.string().datetime({ offset: true }) }),
);

/**
 * A customer made an API key. svc-chat keeps the keys it must verify from these events (only the
 * secret's SHA-256 travels, never the secret), so a `/v1` request never waits on svc-identity.
 */
export const apiKeyIssuedV1 = defineEvent(
  'identity.api-key.issued',
  1,
  z.object({
    keyId: z.string().uuid(),
    userId: z.string().uuid(),
    name: z.string(),
    secretHash: z.string().regex(/^[0-9a-f]{64}$/),
    lastFour: z.string(),
    monthlyCreditCap: z.number().int().positive().nullable(),
    allowedAgents: z.array(z.string()).nullable(),
    expiresAt: z.string().datetime({ offset: true }).nullable(),
    createdAt: z.string().datetime({ offset: true }),
    /**
     * A team key: it spends from this team's pool, within the member's cap, while `userId` is a
     * member. Absent (events from before teams) or null: a personal key.
     */
    organisationId: z.string().uuid().nullable().optional(),
  }),
);

/**
 * The key is refused from this event on (its owner revoked it, the account was deleted, or, for a
 * team key, named by `organisationId`, its owner left or was removed from the team or the team was deleted).
 */
export const apiKeyRevokedV1 = defineEvent(
  'identity.api-key.revoked',
  1,
  z.object({ keyId: z.string().uuid(), userId: z.string().uuid(), organisationId: z.string().uuid().nullable().optional() }),
);

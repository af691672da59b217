import { z } from 'zod';
import { subscriptionTier } from '../catalog/tier';

/** Issuer and audience every verifier checks; svc-identity signs with them. */
export const ACCESS_TOKEN_ISSUER = 'agentdock-identity';
export const ACCESS_TOKEN_AUDIENCE = 'agentdock';

/** Claims of the short-lived access token svc-identity issues (verified by jose everywhere). */
export const accessTokenClaims = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  admin: z.boolean().default(false),
  tier: z._default(subscriptionTier, 'free'),
  /** The user's full name when set, so services can label what they write (e.g. comments). */
  name: z.string().optional(),
  /** Session family id; lets a service tie a request to one sign-in. */
  sid: z.string().optional(),
  /** True only when this sign-in passed a second factor (authenticator or recovery code). */
  mfa: z.boolean().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaims>;

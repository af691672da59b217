import { z } from 'zod';

/** The requests that are limited, each per client IP and per account (the address or phone given). */
export const RATE_LIMITED_ACTIONS = ['signin', 'signup', 'resend', 'recover', 'magiclink', 'otp', 'verify', 'mfa'] as const;
export type RateLimitedAction = (typeof RATE_LIMITED_ACTIONS)[number];
const RATE_LIMIT_SCOPES = ['ip', 'account'] as const;
export type RateLimitScope = (typeof RATE_LIMIT_SCOPES)[number];

export interface Limit {
  points: number;
  durationSeconds: number;
}
export type RateLimitSettings = Record<RateLimitedAction, Record<RateLimitScope, Limit>>;

const QUARTER_HOUR = 15 * 60;
const HOUR = 60 * 60;

/**
 * Generous enough for a person who mistypes, tight enough to make guessing passwords or codes and
 * flooding inboxes pointless. An office behind one IP shares the per-IP budget, hence its size.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signin: { ip: { points: 50, durationSeconds: QUARTER_HOUR }, account: { points: 10, durationSeconds: QUARTER_HOUR } },
  verify: { ip: { points: 50, durationSeconds: QUARTER_HOUR }, account: { points: 10, durationSeconds: QUARTER_HOUR } },
  /** Second-factor codes (sign-in's second step, enrolment, disabling), per IP and per user. */
  mfa: { ip: { points: 50, durationSeconds: QUARTER_HOUR }, account: { points: 10, durationSeconds: QUARTER_HOUR } },
  signup: { ip: { points: 20, durationSeconds: HOUR }, account: { points: 5, durationSeconds: HOUR } },
  resend: { ip: { points: 20, durationSeconds: HOUR }, account: { points: 5, durationSeconds: HOUR } },
  recover: { ip: { points: 20, durationSeconds: HOUR }, account: { points: 5, durationSeconds: HOUR } },
  magiclink: { ip: { points: 20, durationSeconds: HOUR }, account: { points: 5, durationSeconds: HOUR } },
  otp: { ip: { points: 20, durationSeconds: HOUR }, account: { points: 5, durationSeconds: HOUR } },
};

const overrideEntry = /^(\w+)\.(\w+)=(\d+)$/;

/**
 * AUTH_RATE_LIMITS, e.g. `signup.ip=1000,signin.ip=1000`: requests allowed per window for an
 * action and scope (windows stay as above).
 */
export const rateLimitOverrides = z.string().transform((text, ctx) => {
  const overrides: Record<string, { action: RateLimitedAction; scope: RateLimitScope; points: number }> = {};
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [, action, scope, points] = overrideEntry.exec(entry) ?? [];
    const known = RATE_LIMITED_ACTIONS.includes(action as RateLimitedAction) && RATE_LIMIT_SCOPES.includes(scope as RateLimitScope) && Number(points) > 0;
    if (!known) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not <action>.<scope>=<count> with action one of ${RATE_LIMITED_ACTIONS.join(', ')} and scope ip or account`,
      });
      continue;
    }
    overrides[`${action}.${scope}`] = { action: action as RateLimitedAction, scope: scope as RateLimitScope, points: Number(points) };
  }
  return overrides;
});

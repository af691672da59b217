import * as z from 'zod/mini';
import { IDENTITY_BASE } from '../http/bases';
import { sitePath } from '../http/site-path';
import { singleLineText } from '../http/text';
import { currentPassword, userProfile } from './profile';

/**
 * Bodies of svc-identity's auth endpoints (all under /api/identity). The browser keeps a PKCE
 * verifier; flows that finish through an emailed link send its S256 challenge, and the link's
 * one-time code is exchanged together with the verifier (POST /token/exchange).
 */

// Fields a visitor types have their own messages: the browser runs zod/mini without a locale,
// where a check without one says only "Invalid input".
export const email = z
  .string({ error: 'Enter your email address' })
  .check(z.trim(), z.toLowerCase(), z.email('Enter a valid email address'), z.maxLength(254, 'Email addresses are at most 254 characters'));
export const password = z
  .string({ error: 'Enter a password' })
  .check(z.minLength(8, 'Password should be at least 8 characters'), z.maxLength(128, 'Password should be at most 128 characters'));
/** base64url SHA-256 of the verifier (RFC 7636 S256). */
export const codeChallenge = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid code challenge'));
/** RFC 7636: 43–128 characters of [A-Za-z0-9-._~]. */
export const codeVerifier = z.string().check(z.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'Invalid code verifier'));
/**
 * Where the emailed link should land: a path on this site only (no open redirects), in the form
 * the URL parser normalises it to (sitePath), so what is checked is what a browser will open.
 */
export const redirectPath = z.string().check(
  z.maxLength(500),
  z.refine((value) => sitePath(value) === value, 'Redirect must be a path on this site'),
);

/** POST /signup → 201 signUpResult. The same answer whether or not the address already has an account. */
export const signUpRequest = z.object({
  email,
  password,
  fullName: z.optional(singleLineText(z.string().check(z.trim(), z.maxLength(120, 'Use at most 120 characters for your name')))),
  codeChallenge,
  redirectTo: z.optional(redirectPath),
});
export type SignUpRequest = z.infer<typeof signUpRequest>;
export const signUpResult = z.object({ status: z.literal('confirmation_sent') });

/** POST /signin/password → 200 session. Exactly one of email or phone. */
export const passwordSignInRequest = z
  .object({
    email: z.optional(email),
    phone: z.optional(singleLineText(z.string().check(z.trim(), z.minLength(1, 'Enter your phone number'), z.maxLength(20, 'Phone numbers are at most 20 characters')))),
    password: z.string().check(z.minLength(1, 'Enter your password'), z.maxLength(128, 'Password should be at most 128 characters')),
  })
  .check(
    z.refine((body) => Boolean(body.email) !== Boolean(body.phone), {
      message: 'Enter your email address or phone number',
      path: ['email'],
    }),
  );
export type PasswordSignInRequest = z.infer<typeof passwordSignInRequest>;

/** POST /token/exchange → 200 session. */
export const codeExchangeRequest = z.object({ code: z.string().check(z.minLength(1), z.maxLength(200)), codeVerifier });
export type CodeExchangeRequest = z.infer<typeof codeExchangeRequest>;

/**
 * POST /links/open → 200 linkOpened: an emailed link opened in a browser that does not hold its
 * PKCE verifier (signed up on a laptop, opened the email on a phone). No session comes of it, but
 * a confirmation link confirms the address; the page then offers to sign in here.
 */
export const openLinkRequest = z.object({ code: z.string().check(z.minLength(1), z.maxLength(200)) });
export type OpenLinkRequest = z.infer<typeof openLinkRequest>;
export const linkOpened = z.object({
  purpose: z.enum(['signup', 'magiclink', 'recovery']),
  /** The address the link was sent to, to fill in the sign-in form. */
  email: z.string(),
  emailConfirmed: z.boolean(),
});
export type LinkOpened = z.infer<typeof linkOpened>;

/** POST /recover, POST /magic-link → 202 emailSent (always, to avoid revealing accounts). */
export const emailLinkRequest = z.object({ email, codeChallenge, redirectTo: z.optional(redirectPath) });
export type EmailLinkRequest = z.infer<typeof emailLinkRequest>;

/** POST /otp → 202 otpSent: a 6-digit code by email. */
export const otpRequest = z.object({ email });
export type OtpRequest = z.infer<typeof otpRequest>;

/** POST /otp/verify → 200 session. */
export const otpVerifyRequest = z.object({ email, code: z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code')) });
export type OtpVerifyRequest = z.infer<typeof otpVerifyRequest>;

export const emailSent = z.object({ status: z.literal('email_sent') });

/** How long the emailed code stays valid, from the service's configuration (the email says the same). */
export const otpSent = z.extend(emailSent, { expiresInMinutes: z.number().check(z.int(), z.positive()) });
export type OtpSent = z.infer<typeof otpSent>;

/**
 * POST /signup/resend → 202 emailSent (always): a fresh confirmation link for an account that is
 * still unconfirmed, e.g. when the first link was opened in another browser.
 */
export const resendConfirmationRequest = z.object({ email, codeChallenge, redirectTo: z.optional(redirectPath) });
export type ResendConfirmationRequest = z.infer<typeof resendConfirmationRequest>;

/** POST /me/password (signed in, including a recovery session) → 200 userProfile. */
export const passwordChangeRequest = z.object({ password, currentPassword });
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequest>;

/**
 * What every sign-in, exchange and refresh answers. The refresh token never appears in a body: it
 * travels only in the httpOnly cookie REFRESH_COOKIE (path /api/identity/token), so the
 * endpoints that read it live under that path: POST /token/refresh and POST /token/revoke (sign out).
 */
export const session = z.object({
  accessToken: z.string().check(z.minLength(1)),
  tokenType: z.literal('bearer'),
  /** Seconds the access token is valid for. */
  expiresIn: z.number().check(z.int(), z.positive()),
  /** Epoch seconds. */
  expiresAt: z.number().check(z.int(), z.positive()),
  /** How the session was made; 'recovery' sessions come from a password-recovery link. */
  kind: z.enum(['password', 'link', 'recovery', 'otp', 'refresh']),
  /** The sign-in passed a second factor: the access token carries the `mfa` claim. */
  mfaVerified: z.optional(z.boolean()),
  user: userProfile,
});
export type Session = z.infer<typeof session>;

export const REFRESH_COOKIE = 'agentdock_refresh';
export const REFRESH_COOKIE_PATH = `${IDENTITY_BASE}/token`;

import type {
  CodeExchangeRequest,
  EmailLinkRequest,
  LinkOpened,
  MfaVerifyRequest,
  OpenLinkRequest,
  OtpVerifyRequest,
  ResendConfirmationRequest,
  SignUpRequest,
} from '@agentdock/contracts';
import { AUTH_CALLBACK_PATH, FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, SIGN_IN_PATH } from '@agentdock/contracts';
import { AccountSuspendedError } from '@agentdock/service-kit';
import { type Db } from '@agentdock/service-data';
import type { IdentityOptions } from '../config';
import type { IdentitySchema, UserRow } from '../db/schema';
import { emails } from './emails';
import { IdentityError } from './errors';
import { createLinkCode, consumeLinkCode, findLiveLinkCode, type LinkPurpose } from './link-codes';
import type { Mailer } from './mailer';
import type { SecretBox } from '@agentdock/service-kit';
import { hasMfa, spendSecondFactor } from './mfa';
import { createChallenge, failChallenge, type IssuedChallenge, openChallenge, spendChallenge } from './mfa-challenges';
import { issueOtp, verifyOtp } from './otp';
import { hashPassword, verifyPassword } from './passwords';
import { rotateRefreshToken, type SessionEnds, type SessionKind, startSession } from './refresh-tokens';
import { type IssuedSession, issueSession } from './sessions';
import type { AccessTokenSigner } from './signing-keys';
import { confirmEmail, createUser, findUser, findUserByEmail } from './users';
import type { IdentityWriter } from './writer';

/** What the sign-in flows need; the service builds it once at start. */
export interface AuthDeps {
  db: Db<IdentitySchema>;
  writer: IdentityWriter;
  signer: AccessTokenSigner;
  mailer: Mailer;
  /** Seals and opens the authenticator secrets (MFA_ENCRYPTION_KEY). */
  secretBox: SecretBox;
  options: Pick<IdentityOptions, 'publicUrl' | 'adminEmails' | 'accessTokenTtlSeconds' | 'refreshReuseGraceSeconds' | 'otpTtlMinutes'>;
}

/** What ending a session needs, from the service's parts. */
export const sessionEnds = (deps: AuthDeps): SessionEnds => ({ writer: deps.writer, accessTokenTtlSeconds: deps.options.accessTokenTtlSeconds });

function link(publicUrl: string, path: string, query: Record<string, string | undefined>): string {
  const url = new URL(path, publicUrl);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** Where a security alert sends the owner: a new password by email, which ends every other session. */
export const forgotPasswordLink = (publicUrl: string) => link(publicUrl, FORGOT_PASSWORD_PATH, {});

const callbackLink = (deps: AuthDeps, code: string, type: 'signup' | 'magiclink', next?: string) => link(deps.options.publicUrl, AUTH_CALLBACK_PATH, { code, type, next });

/** What a first factor (password, emailed link or code) leads to: a session, or the second step. */
export type SignInOutcome = { type: 'session'; issued: IssuedSession } | { type: 'challenge'; challenge: IssuedChallenge };

function startUserSession(deps: AuthDeps, tx: Db<IdentitySchema>, user: UserRow, kind: SessionKind, mfaVerified = false): Promise<IssuedSession> {
  if (user.isSuspended) throw new AccountSuspendedError();
  return startSession(tx, user.id, kind, { mfaVerified }).then((refresh) => issueSession(deps.signer, deps.options.accessTokenTtlSeconds, user, refresh, kind));
}

/** A user with a second factor gets a challenge instead of a session, whichever first factor it was. */
async function afterFirstFactor(deps: AuthDeps, tx: Db<IdentitySchema>, user: UserRow, kind: SessionKind): Promise<SignInOutcome> {
  if (user.isSuspended) throw new AccountSuspendedError();
  if (await hasMfa(tx, user.id)) return { type: 'challenge', challenge: await createChallenge(tx, user.id, kind) };
  return { type: 'session', issued: await startUserSession(deps, tx, user, kind) };
}

/**
 * The second step: an authenticator or recovery code turns the challenge into a session marked
 * multi-factor verified. A wrong code counts against the challenge (dead after a few).
 */
export async function verifySecondStep(deps: AuthDeps, input: MfaVerifyRequest): Promise<IssuedSession> {
  try {
    return await deps.writer.transaction(async (tx) => {
      const challenge = await openChallenge(tx, input.challengeToken);
      const user = await findUser(tx, challenge.userId);
      if (!user) throw new IdentityError('invalid_mfa_challenge');
      await spendSecondFactor(tx, deps.secretBox, user.id, input.code);
      await spendChallenge(tx, input.challengeToken);
      return startUserSession(deps, tx, user, challenge.kind, true);
    });
  } catch (error) {
    if (error instanceof IdentityError && error.code === 'invalid_mfa_code') await failChallenge(deps.db, input.challengeToken);
    throw error;
  }
}

/**
 * Creates an unconfirmed account and emails its confirmation link. A sign-up for an address that
 * has an account, confirmed or not, never changes that account: whoever typed the address has not
 * proved they own it, and a new password or name would be theirs once the owner opened any link.
 * The owner is emailed instead (a fresh confirmation link while unconfirmed, a notice once
 * confirmed) and the answer is the same as for a new address. The password is hashed on every
 * path, so they all take about as long.
 */
export async function signUp(deps: AuthDeps, input: SignUpRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const fullName = input.fullName ? input.fullName : null;
  const confirmation = await deps.writer.transaction(async (tx) => {
    const user = (await findUserByEmail(tx, input.email)) ?? (await createUser(deps.writer, tx, { email: input.email, passwordHash, fullName }));
    if (!user || user.emailConfirmedAt) return undefined;
    return { to: user.email, code: await createLinkCode(tx, { userId: user.id, purpose: 'signup', codeChallenge: input.codeChallenge }) };
  });
  if (confirmation) deps.mailer.sendInBackground(emails.confirmSignup(confirmation.to, callbackLink(deps, confirmation.code, 'signup', input.redirectTo)));
  else deps.mailer.sendInBackground(emails.alreadyRegistered(input.email, link(deps.options.publicUrl, SIGN_IN_PATH, {})));
}

/**
 * A fresh confirmation link for an account that is still unconfirmed (the first link may have
 * been opened in another browser, whose PKCE verifier this one lacks); says nothing either way.
 */
export async function resendConfirmation(deps: AuthDeps, input: ResendConfirmationRequest): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user || user.emailConfirmedAt) return;
  const code = await createLinkCode(deps.db, { userId: user.id, purpose: 'signup', codeChallenge: input.codeChallenge });
  deps.mailer.sendInBackground(emails.confirmSignup(user.email, callbackLink(deps, code, 'signup', input.redirectTo)));
}

/**
 * Checks the password of the account the sign-in names (findSignInAccount; none when the name
 * has no account): one answer for an unknown account and a wrong password, after the same work.
 */
export async function signInWithPassword(deps: AuthDeps, user: UserRow | undefined, password: string): Promise<SignInOutcome> {
  const matches = await verifyPassword(user?.passwordHash, password);
  if (!user || !matches) throw new IdentityError('invalid_credentials');
  if (!user.emailConfirmedAt) throw new IdentityError('email_not_confirmed');
  return deps.writer.transaction((tx) => afterFirstFactor(deps, tx, user, 'password'));
}

/**
 * Finishes an emailed link in the browser that asked for it. Opening any link proves the address,
 * so it confirms the email; a recovery link gives a 'recovery' session for choosing a new password.
 */
export async function exchangeLinkCode(deps: AuthDeps, input: CodeExchangeRequest): Promise<SignInOutcome> {
  return deps.writer.transaction(async (tx) => {
    const { userId, purpose } = await consumeLinkCode(tx, input.code, input.codeVerifier);
    const user = await confirmEmail(deps.writer, tx, userId, deps.options.adminEmails);
    return afterFirstFactor(deps, tx, user, purpose === 'recovery' ? 'recovery' : 'link');
  });
}

/**
 * An emailed link opened in a browser without its PKCE verifier gives no session (the code is
 * bound to the browser that asked), but opening a confirmation link anywhere proves the address,
 * so it is confirmed; the answer names the address, for the sign-in form there. The code stays
 * usable by the browser that does hold the verifier.
 */
export async function openLinkElsewhere(deps: AuthDeps, input: OpenLinkRequest): Promise<LinkOpened> {
  return deps.writer.transaction(async (tx) => {
    const live = await findLiveLinkCode(tx, input.code);
    if (!live) throw new IdentityError('invalid_code');
    const user = live.purpose === 'signup' ? await confirmEmail(deps.writer, tx, live.userId, deps.options.adminEmails) : await findUser(tx, live.userId);
    if (!user) throw new IdentityError('invalid_code');
    return { purpose: live.purpose, email: user.email, emailConfirmed: user.emailConfirmedAt !== null };
  });
}

/** Emails a recovery or sign-in link when the address has an account; says nothing either way. */
export function requestEmailLink(deps: AuthDeps, purpose: Exclude<LinkPurpose, 'signup'>, input: EmailLinkRequest): void {
  deps.mailer.composeInBackground(async () => {
    const user = await findUserByEmail(deps.db, input.email);
    if (!user) return undefined;
    const code = await createLinkCode(deps.db, { userId: user.id, purpose, codeChallenge: input.codeChallenge });
    return purpose === 'recovery'
      ? emails.recovery(user.email, link(deps.options.publicUrl, RESET_PASSWORD_PATH, { code, next: input.redirectTo }))
      : emails.magicLink(user.email, callbackLink(deps, code, 'magiclink', input.redirectTo));
  });
}

/**
 * Tells the owner that their password has been guessed at (the account's failures reached the
 * alert threshold), with the way to a new password; sent after the answer, which it does not change.
 */
export function alertOwnerOfFailures(deps: AuthDeps, user: UserRow): void {
  deps.mailer.sendInBackground(emails.signInFailures(user.email, forgotPasswordLink(deps.options.publicUrl)));
}

/** Emails a 6-digit sign-in code when the address has an account; says nothing either way. */
export function requestOtp(deps: AuthDeps, address: string): void {
  const ttlMinutes = deps.options.otpTtlMinutes;
  deps.mailer.composeInBackground(async () => {
    const user = await findUserByEmail(deps.db, address);
    return user ? emails.otp(user.email, await issueOtp(deps.db, user.id, ttlMinutes), ttlMinutes) : undefined;
  });
}

/** Signs in with an emailed code, which also proves (confirms) the address. */
export async function signInWithOtp(deps: AuthDeps, input: OtpVerifyRequest): Promise<SignInOutcome> {
  const user = await findUserByEmail(deps.db, input.email);
  const userId = await verifyOtp(deps.db, user?.id, input.code);
  return deps.writer.transaction(async (tx) => {
    const confirmed = await confirmEmail(deps.writer, tx, userId, deps.options.adminEmails);
    return afterFirstFactor(deps, tx, confirmed, 'otp');
  });
}

/** A new access token and the next refresh token of the same family. */
export async function refreshSession(deps: AuthDeps, refreshToken: string): Promise<IssuedSession> {
  const outcome = await rotateRefreshToken(sessionEnds(deps), refreshToken, deps.options.refreshReuseGraceSeconds);
  if (outcome.status === 'invalid') throw new IdentityError('invalid_refresh_token');
  if (outcome.status === 'reused') throw new IdentityError('refresh_token_reused');
  if (outcome.status === 'suspended') throw new AccountSuspendedError();
  const user = await findUser(deps.db, outcome.userId);
  if (!user) throw new IdentityError('invalid_refresh_token');
  return issueSession(deps.signer, deps.options.accessTokenTtlSeconds, user, outcome, 'refresh');
}

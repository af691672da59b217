import type {
  CodeExchangeRequest,
  EmailLinkRequest,
  OtpVerifyRequest,
  PasswordSignInRequest,
  SignUpRequest,
} from '@agentdock/contracts';
import { AccountSuspendedError, type Db } from '@agentdock/service-kit';
import type { IdentityOptions } from '../config';
import type { IdentitySchema, UserRow } from '../db/schema';
import { emails } from './emails';
import { IdentityError } from './errors';
import { createLinkCode, consumeLinkCode, type LinkPurpose } from './link-codes';
import type { Mailer } from './mailer';
import { issueOtp, verifyOtp } from './otp';
import { hashPassword, verifyPassword } from './passwords';
import { rotateRefreshToken, type SessionKind, startSession } from './refresh-tokens';
import { type IssuedSession, issueSession } from './sessions';
import type { AccessTokenSigner } from './signing-keys';
import { confirmEmail, createUser, findUser, findUserByEmail, findUserByPhone, updateUnconfirmed } from './users';
import type { IdentityWriter } from './writer';

/** What the sign-in flows need; the service builds it once at start. */
export interface AuthDeps {
  db: Db<IdentitySchema>;
  writer: IdentityWriter;
  signer: AccessTokenSigner;
  mailer: Mailer;
  options: Pick<IdentityOptions, 'publicUrl' | 'adminEmails' | 'accessTokenTtlSeconds' | 'refreshReuseGraceSeconds'>;
}

function link(publicUrl: string, path: string, query: Record<string, string | undefined>): string {
  const url = new URL(path, publicUrl);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

const callbackLink = (deps: AuthDeps, code: string, type: 'signup' | 'magiclink', next?: string) =>
  link(deps.options.publicUrl, '/auth/callback', { code, type, next });

function startUserSession(deps: AuthDeps, tx: Db<IdentitySchema>, user: UserRow, kind: SessionKind): Promise<IssuedSession> {
  if (user.isSuspended) throw new AccountSuspendedError();
  return startSession(tx, user.id, kind).then((refresh) => issueSession(deps.signer, deps.options.accessTokenTtlSeconds, user, refresh, kind));
}

/**
 * Creates an unconfirmed account and emails its confirmation link. An address that is taken gets
 * the same answer: its owner is told by email instead (a fresh link if still unconfirmed). The
 * password is hashed either way, so both paths take about as long.
 */
export async function signUp(deps: AuthDeps, input: SignUpRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const fullName = input.fullName ? input.fullName : null;
  const code = await deps.writer.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email);
    if (existing?.emailConfirmedAt) return undefined;
    // The latest sign-up's password wins, so nobody can pre-register someone else's address
    // with a password of their own and take the account over once its owner confirms it.
    const user = existing
      ? await updateUnconfirmed(tx, existing.id, { passwordHash, fullName })
      : await createUser(deps.writer, tx, { email: input.email, passwordHash, fullName });
    if (!user) return undefined;
    return { to: user.email, code: await createLinkCode(tx, { userId: user.id, purpose: 'signup', codeChallenge: input.codeChallenge }) };
  });
  if (code) deps.mailer.sendInBackground(emails.confirmSignup(code.to, callbackLink(deps, code.code, 'signup', input.redirectTo)));
  else deps.mailer.sendInBackground(emails.alreadyRegistered(input.email, link(deps.options.publicUrl, '/signin', {})));
}

/** One answer for an unknown account and a wrong password, after the same work. */
export async function signInWithPassword(deps: AuthDeps, input: PasswordSignInRequest): Promise<IssuedSession> {
  const user = input.email ? await findUserByEmail(deps.db, input.email) : await findUserByPhone(deps.db, input.phone ?? '');
  const matches = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !matches) throw new IdentityError('invalid_credentials');
  if (!user.emailConfirmedAt) throw new IdentityError('email_not_confirmed');
  return deps.writer.transaction((tx) => startUserSession(deps, tx, user, 'password'));
}

/**
 * Finishes an emailed link in the browser that asked for it. Opening any link proves the address,
 * so it confirms the email; a recovery link gives a 'recovery' session for choosing a new password.
 */
export async function exchangeLinkCode(deps: AuthDeps, input: CodeExchangeRequest): Promise<IssuedSession> {
  return deps.writer.transaction(async (tx) => {
    const { userId, purpose } = await consumeLinkCode(tx, input.code, input.codeVerifier);
    const user = await confirmEmail(deps.writer, tx, userId, deps.options.adminEmails);
    return startUserSession(deps, tx, user, purpose === 'recovery' ? 'recovery' : 'link');
  });
}

/** Emails a recovery or sign-in link when the address has an account; says nothing either way. */
export function requestEmailLink(deps: AuthDeps, purpose: Exclude<LinkPurpose, 'signup'>, input: EmailLinkRequest): void {
  deps.mailer.composeInBackground(async () => {
    const user = await findUserByEmail(deps.db, input.email);
    if (!user) return undefined;
    const code = await createLinkCode(deps.db, { userId: user.id, purpose, codeChallenge: input.codeChallenge });
    return purpose === 'recovery'
      ? emails.recovery(user.email, link(deps.options.publicUrl, '/reset-password', { code, next: input.redirectTo }))
      : emails.magicLink(user.email, callbackLink(deps, code, 'magiclink', input.redirectTo));
  });
}

/** Emails a 6-digit sign-in code when the address has an account; says nothing either way. */
export function requestOtp(deps: AuthDeps, address: string): void {
  deps.mailer.composeInBackground(async () => {
    const user = await findUserByEmail(deps.db, address);
    return user ? emails.otp(user.email, await issueOtp(deps.db, user.id)) : undefined;
  });
}

/** Signs in with an emailed code, which also proves (confirms) the address. */
export async function signInWithOtp(deps: AuthDeps, input: OtpVerifyRequest): Promise<IssuedSession> {
  const user = await findUserByEmail(deps.db, input.email);
  const userId = await verifyOtp(deps.db, user?.id, input.code);
  return deps.writer.transaction(async (tx) => {
    const confirmed = await confirmEmail(deps.writer, tx, userId, deps.options.adminEmails);
    return startUserSession(deps, tx, confirmed, 'otp');
  });
}

/** A new access token and the next refresh token of the same family. */
export async function refreshSession(deps: AuthDeps, refreshToken: string): Promise<IssuedSession> {
  const outcome = await rotateRefreshToken(deps.db, refreshToken, deps.options.refreshReuseGraceSeconds);
  if (outcome.status === 'invalid') throw new IdentityError('invalid_refresh_token');
  if (outcome.status === 'reused') throw new IdentityError('refresh_token_reused');
  if (outcome.status === 'suspended') throw new AccountSuspendedError();
  const user = await findUser(deps.db, outcome.userId);
  if (!user) throw new IdentityError('invalid_refresh_token');
  return issueSession(deps.signer, deps.options.accessTokenTtlSeconds, user, outcome, 'refresh');
}

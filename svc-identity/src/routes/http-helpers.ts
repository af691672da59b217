import { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from '@agentdock/contracts';
import { parse as parseCookie } from 'cookie';
import type { Request, RequestHandler, Response } from 'express';
import { IdentityError } from '../domain/errors';
import type { SignInOutcome } from '../domain/auth';
import type { IssuedSession } from '../domain/sessions';

/** The client's address as the proxies in front (the gateway) report it; see TRUST_PROXY_HOPS. */
export const clientIp = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * The cookie-authenticated endpoints accept only what a page of another site cannot send without a
 * CORS preflight (a JSON body or a custom header), on top of the cookie's SameSite=Strict.
 */
export const requireJsonRequest: RequestHandler = (req, _res, next) => {
  const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json' && req.headers['x-requested-with'] === undefined) throw new IdentityError('json_required');
  next();
};

/** The refresh token from the Cookie header; a malformed value reads as absent-or-unknown, never throws. */
export function readRefreshCookie(req: Request): string | undefined {
  return parseCookie(req.headers.cookie ?? '')[REFRESH_COOKIE] || undefined;
}

const cookieOptions = (secure: boolean) => ({ httpOnly: true, sameSite: 'strict' as const, secure, path: REFRESH_COOKIE_PATH });

/** Answers with the session body; the refresh token goes only into the httpOnly cookie. */
export function sendSession(res: Response, issued: IssuedSession, cookieSecure: boolean): void {
  res.cookie(REFRESH_COOKIE, issued.refresh.token, { ...cookieOptions(cookieSecure), expires: issued.refresh.expiresAt });
  res.set('Cache-Control', 'no-store').json(issued.session);
}

/** A first factor's answer: the session, or (second factor on) the challenge of the second step. */
export function sendSignIn(res: Response, outcome: SignInOutcome, cookieSecure: boolean): void {
  if (outcome.type === 'session') {
    sendSession(res, outcome.issued, cookieSecure);
    return;
  }
  const { token, expiresAt } = outcome.challenge;
  res.set('Cache-Control', 'no-store').json({ mfaRequired: true, challengeToken: token, expiresAt: Math.floor(expiresAt.getTime() / 1000) });
}

export function clearRefreshCookie(res: Response, cookieSecure: boolean): void {
  res.clearCookie(REFRESH_COOKIE, cookieOptions(cookieSecure));
}

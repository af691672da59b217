import { IDENTITY_ENDPOINTS } from '@agentdock/contracts';
import { Router } from 'express';
import { type AuthDeps, refreshSession, sessionEnds } from '../domain/auth';
import { IdentityError } from '../domain/errors';
import { revokeByRefreshToken } from '../domain/refresh-tokens';
import { clearRefreshCookie, readRefreshCookie, requireJsonRequest, sendSession } from './http-helpers';

/** The two endpoints the refresh cookie is sent to (its path is /api/identity/token). */
export function tokenRouter(deps: AuthDeps, cookieSecure: boolean): Router {
  const router = Router();

  router.post(IDENTITY_ENDPOINTS.refresh.route, requireJsonRequest, async (req, res) => {
    const token = readRefreshCookie(req);
    try {
      if (!token) throw new IdentityError('invalid_refresh_token');
      sendSession(res, await refreshSession(deps, token), cookieSecure);
    } catch (error) {
      // A cookie that cannot refresh never will; drop it so the browser stops sending it.
      clearRefreshCookie(res, cookieSecure);
      throw error;
    }
  });

  router.post(IDENTITY_ENDPOINTS.revoke.route, requireJsonRequest, async (req, res) => {
    const token = readRefreshCookie(req);
    if (token) await revokeByRefreshToken(sessionEnds(deps), token);
    clearRefreshCookie(res, cookieSecure);
    res.status(204).end();
  });

  return router;
}

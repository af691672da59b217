import { IDENTITY_ENDPOINTS, passwordChangeRequest, phoneVerifyRequest, profilePatch } from '@agentdock/contracts';
import { getAuth, requireAuth, type TokenVerifier } from '@agentdock/service-kit';
import { Router } from 'express';
import { type PhoneDeps, sendPhoneCode, updateProfile, verifyPhone } from '../domain/phone';
import { changePassword, currentSession, currentUser } from '../domain/profile';
import type { SessionEnds } from '../domain/refresh-tokens';
import { toProfile } from '../domain/users';
import { clientIp } from './http-helpers';

/** The signed-in user's own profile, phone number and password. */
export function profileRouter(deps: PhoneDeps, ends: SessionEnds, verifier: TokenVerifier): Router {
  const { db } = deps;
  const router = Router();
  router.use(IDENTITY_ENDPOINTS.me.route, requireAuth(verifier));

  router.get(IDENTITY_ENDPOINTS.me.route, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(toProfile(await currentUser(db, getAuth(req))));
  });

  router.patch(IDENTITY_ENDPOINTS.updateMe.route, async (req, res) => {
    // The account is checked first, so a suspended user is told so whatever the body holds.
    const current = await currentSession(db, getAuth(req));
    const patch = profilePatch.parse(req.body);
    res.json(toProfile(await updateProfile(deps, current, patch, clientIp(req))));
  });

  router.post(IDENTITY_ENDPOINTS.verifyPhone.route, async (req, res) => {
    const user = await currentUser(db, getAuth(req));
    const { code } = phoneVerifyRequest.parse(req.body);
    res.json(toProfile(await verifyPhone(deps, user, code, clientIp(req))));
  });

  router.post(IDENTITY_ENDPOINTS.sendPhoneCode.route, async (req, res) => {
    const user = await currentUser(db, getAuth(req));
    await sendPhoneCode(deps, user, clientIp(req));
    res.status(202).json({ status: 'code_sent' });
  });

  // A stolen access token must not be enough to lock the owner out: the current password, or a
  // sign-in by email (a reset link's recovery session) or second factor a few minutes ago.
  router.post(IDENTITY_ENDPOINTS.changePassword.route, async (req, res) => {
    const current = await currentSession(db, getAuth(req));
    const { password, currentPassword } = passwordChangeRequest.parse(req.body);
    await deps.confirm(current, currentPassword, clientIp(req));
    res.json(toProfile(await changePassword(ends, current.user.id, current.session.id, password)));
  });

  return router;
}

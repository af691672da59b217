import { IDENTITY_ENDPOINTS, mfaCodeRequest, mfaConfirmRequest, mfaDisableRequest } from '@agentdock/contracts';
import { getAuth, requireAuth, type TokenVerifier } from '@agentdock/service-kit';
import { type Db } from '@agentdock/service-data';
import { type Request, Router } from 'express';
import type { IdentitySchema } from '../db/schema';
import { confirmEnrolment, disableMfa, mfaStatusOf, regenerateRecoveryCodes, startEnrolment } from '../domain/mfa';
import { type ConfirmCredentialChange, currentSession, currentUser } from '../domain/profile';
import type { RateLimits } from '../domain/rate-limits';
import type { SecretBox } from '@agentdock/service-kit';
import type { IdentityWriter } from '../domain/writer';
import { clientIp } from './http-helpers';

/** The signed-in user's second factor: set up, see, regenerate recovery codes, turn off. */
export function mfaRouter(db: Db<IdentitySchema>, writer: IdentityWriter, verifier: TokenVerifier, limits: RateLimits, box: SecretBox, confirm: ConfirmCredentialChange): Router {
  const router = Router();
  router.use(IDENTITY_ENDPOINTS.mfaStatus.route, requireAuth(verifier));

  // Every endpoint that checks a code shares the second step's budget, so none is a guessing oracle.
  const spendAttempt = (req: Request, userId: string) => limits.consume('mfa', { ip: clientIp(req), account: `user:${userId}` });

  router.get(IDENTITY_ENDPOINTS.mfaStatus.route, async (req, res) => {
    const user = await currentUser(db, getAuth(req));
    res.set('Cache-Control', 'no-store').json(await mfaStatusOf(db, user.id));
  });

  router.post(IDENTITY_ENDPOINTS.startMfaEnrolment.route, async (req, res) => {
    const user = await currentUser(db, getAuth(req));
    res
      .status(201)
      .set('Cache-Control', 'no-store')
      .json(await startEnrolment(db, box, user));
  });

  // Turning a second factor on is a credential change: a stolen access token must not be enough
  // to put the thief's authenticator on the owner's account. The current password, or a sign-in
  // by email or second factor a few minutes ago; checked before the code, which is not spent.
  router.post(IDENTITY_ENDPOINTS.confirmMfaEnrolment.route, async (req, res) => {
    // The account first: a suspended user or an ended session learns that, whatever the body.
    const { user, session } = await currentSession(db, getAuth(req));
    const { code, currentPassword } = mfaConfirmRequest.parse(req.body);
    await confirm({ user, session }, currentPassword, clientIp(req));
    await spendAttempt(req, user.id);
    const recoveryCodes = await confirmEnrolment(writer, box, user.id, session.id, code);
    await limits.reset('mfa', `user:${user.id}`);
    res.set('Cache-Control', 'no-store').json({ recoveryCodes });
  });

  router.post(IDENTITY_ENDPOINTS.regenerateRecoveryCodes.route, async (req, res) => {
    // The account first: a suspended user learns that, whatever the body.
    const user = await currentUser(db, getAuth(req));
    const { code } = mfaCodeRequest.parse(req.body);
    await spendAttempt(req, user.id);
    const recoveryCodes = await regenerateRecoveryCodes(writer, box, user.id, code);
    await limits.reset('mfa', `user:${user.id}`);
    res.set('Cache-Control', 'no-store').json({ recoveryCodes });
  });

  router.post(IDENTITY_ENDPOINTS.disableMfa.route, async (req, res) => {
    // The account first: a suspended user learns that, whatever the body.
    const user = await currentUser(db, getAuth(req));
    const input = mfaDisableRequest.parse(req.body);
    await spendAttempt(req, user.id);
    await disableMfa(writer, box, user, input);
    await limits.reset('mfa', `user:${user.id}`);
    res.json(await mfaStatusOf(db, user.id));
  });

  return router;
}

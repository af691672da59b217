import {
  IDENTITY_ENDPOINTS,
  codeExchangeRequest,
  emailLinkRequest,
  mfaVerifyRequest,
  openLinkRequest,
  otpRequest,
  otpVerifyRequest,
  passwordSignInRequest,
  resendConfirmationRequest,
  signUpRequest,
} from '@agentdock/contracts';
import { Router } from 'express';
import type { AuthDeps } from '../domain/auth';
import { limitedAuth } from '../domain/limited-auth';
import type { RateLimits } from '../domain/rate-limits';
import { clientIp, sendSession, sendSignIn } from './http-helpers';

/** Sign-up and every way of signing in; the rate limits are the domain's (limitedAuth). */
export function authRouter(deps: AuthDeps, limits: RateLimits, cookieSecure: boolean): Router {
  const router = Router();
  const auth = limitedAuth(deps, limits);

  router.post(IDENTITY_ENDPOINTS.signUp.route, async (req, res) => {
    await auth.signUp(clientIp(req), signUpRequest.parse(req.body));
    res.status(201).json({ status: 'confirmation_sent' });
  });

  router.post(IDENTITY_ENDPOINTS.resendConfirmation.route, async (req, res) => {
    await auth.resendConfirmation(clientIp(req), resendConfirmationRequest.parse(req.body));
    res.status(202).json({ status: 'email_sent' });
  });

  router.post(IDENTITY_ENDPOINTS.signInWithPassword.route, async (req, res) => {
    sendSignIn(res, await auth.signInWithPassword(clientIp(req), passwordSignInRequest.parse(req.body)), cookieSecure);
  });

  router.post(IDENTITY_ENDPOINTS.exchangeCode.route, async (req, res) => {
    sendSignIn(res, await auth.exchangeLinkCode(clientIp(req), codeExchangeRequest.parse(req.body)), cookieSecure);
  });

  router.post(IDENTITY_ENDPOINTS.openLink.route, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await auth.openLinkElsewhere(clientIp(req), openLinkRequest.parse(req.body)));
  });

  router.post(IDENTITY_ENDPOINTS.recover.route, async (req, res) => {
    await auth.requestEmailLink(clientIp(req), 'recovery', emailLinkRequest.parse(req.body));
    res.status(202).json({ status: 'email_sent' });
  });

  router.post(IDENTITY_ENDPOINTS.magicLink.route, async (req, res) => {
    await auth.requestEmailLink(clientIp(req), 'magiclink', emailLinkRequest.parse(req.body));
    res.status(202).json({ status: 'email_sent' });
  });

  router.post(IDENTITY_ENDPOINTS.requestOtp.route, async (req, res) => {
    await auth.requestOtp(clientIp(req), otpRequest.parse(req.body).email);
    res.status(202).json({ status: 'email_sent', expiresInMinutes: deps.options.otpTtlMinutes });
  });

  router.post(IDENTITY_ENDPOINTS.verifyOtp.route, async (req, res) => {
    sendSignIn(res, await auth.signInWithOtp(clientIp(req), otpVerifyRequest.parse(req.body)), cookieSecure);
  });

  router.post(IDENTITY_ENDPOINTS.verifyMfa.route, async (req, res) => {
    sendSession(res, await auth.verifySecondStep(clientIp(req), mfaVerifyRequest.parse(req.body)), cookieSecure);
  });

  return router;
}

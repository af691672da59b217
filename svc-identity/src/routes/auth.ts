import {
  codeExchangeRequest,
  emailLinkRequest,
  mfaVerifyRequest,
  otpRequest,
  otpVerifyRequest,
  passwordSignInRequest,
  resendConfirmationRequest,
  signUpRequest,
} from '@agentdock/contracts';
import { Router } from 'express';
import {
  type AuthDeps,
  exchangeLinkCode,
  requestEmailLink,
  requestOtp,
  resendConfirmation,
  signInWithOtp,
  signInWithPassword,
  signUp,
  verifySecondStep,
} from '../domain/auth';
import { openChallenge } from '../domain/mfa-challenges';
import type { RateLimits } from '../domain/rate-limits';
import { sha256 } from '../domain/secrets';
import { clientIp, sendSession, sendSignIn } from './http-helpers';

/** Sign-up and every way of signing in. Each request is rate limited per client IP and per account. */
export function authRouter(deps: AuthDeps, limits: RateLimits, cookieSecure: boolean): Router {
  const router = Router();

  router.post('/signup', async (req, res) => {
    const input = signUpRequest.parse(req.body);
    await limits.consume('signup', { ip: clientIp(req), account: input.email });
    await signUp(deps, input);
    res.status(201).json({ status: 'confirmation_sent' });
  });

  router.post('/signup/resend', async (req, res) => {
    const input = resendConfirmationRequest.parse(req.body);
    await limits.consume('resend', { ip: clientIp(req), account: input.email });
    await resendConfirmation(deps, input);
    res.status(202).json({ status: 'email_sent' });
  });

  router.post('/signin/password', async (req, res) => {
    const input = passwordSignInRequest.parse(req.body);
    const account = input.email ?? input.phone ?? '';
    await limits.consume('signin', { ip: clientIp(req), account });
    const issued = await signInWithPassword(deps, input);
    await limits.reset('signin', account);
    sendSignIn(res, issued, cookieSecure);
  });

  router.post('/token/exchange', async (req, res) => {
    const input = codeExchangeRequest.parse(req.body);
    // Per code, by hash: the limiter's table must not hold a usable code.
    await limits.consume('verify', { ip: clientIp(req), account: `code:${sha256(input.code)}` });
    sendSignIn(res, await exchangeLinkCode(deps, input), cookieSecure);
  });

  router.post('/recover', async (req, res) => {
    const input = emailLinkRequest.parse(req.body);
    await limits.consume('recover', { ip: clientIp(req), account: input.email });
    requestEmailLink(deps, 'recovery', input);
    res.status(202).json({ status: 'email_sent' });
  });

  router.post('/magic-link', async (req, res) => {
    const input = emailLinkRequest.parse(req.body);
    await limits.consume('magiclink', { ip: clientIp(req), account: input.email });
    requestEmailLink(deps, 'magiclink', input);
    res.status(202).json({ status: 'email_sent' });
  });

  router.post('/otp', async (req, res) => {
    const input = otpRequest.parse(req.body);
    await limits.consume('otp', { ip: clientIp(req), account: input.email });
    requestOtp(deps, input.email);
    res.status(202).json({ status: 'email_sent', expiresInMinutes: deps.options.otpTtlMinutes });
  });

  router.post('/otp/verify', async (req, res) => {
    const input = otpVerifyRequest.parse(req.body);
    await limits.consume('verify', { ip: clientIp(req), account: input.email });
    const issued = await signInWithOtp(deps, input);
    await limits.reset('verify', input.email);
    sendSignIn(res, issued, cookieSecure);
  });

  // The second step after any first factor; counted per user, so new challenges do not reset it.
  router.post('/mfa/verify', async (req, res) => {
    const input = mfaVerifyRequest.parse(req.body);
    const { userId } = await openChallenge(deps.db, input.challengeToken);
    await limits.consume('mfa', { ip: clientIp(req), account: `user:${userId}` });
    const issued = await verifySecondStep(deps, input);
    await limits.reset('mfa', `user:${userId}`);
    sendSession(res, issued, cookieSecure);
  });

  return router;
}

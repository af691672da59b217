import {
  codeExchangeRequest,
  emailLinkRequest,
  otpRequest,
  otpVerifyRequest,
  passwordSignInRequest,
  signUpRequest,
} from '@agentdock/contracts';
import { Router } from 'express';
import {
  type AuthDeps,
  exchangeLinkCode,
  requestEmailLink,
  requestOtp,
  signInWithOtp,
  signInWithPassword,
  signUp,
} from '../domain/auth';
import type { RateLimits } from '../domain/rate-limits';
import { sha256 } from '../domain/secrets';
import { clientIp, sendSession } from './http-helpers';

/** Sign-up and every way of signing in. Each request is rate limited per client IP and per account. */
export function authRouter(deps: AuthDeps, limits: RateLimits, cookieSecure: boolean): Router {
  const router = Router();

  router.post('/signup', async (req, res) => {
    const input = signUpRequest.parse(req.body);
    await limits.consume('signup', { ip: clientIp(req), account: input.email });
    await signUp(deps, input);
    res.status(201).json({ status: 'confirmation_sent' });
  });

  router.post('/signin/password', async (req, res) => {
    const input = passwordSignInRequest.parse(req.body);
    const account = input.email ?? input.phone ?? '';
    await limits.consume('signin', { ip: clientIp(req), account });
    const issued = await signInWithPassword(deps, input);
    await limits.reset('signin', account);
    sendSession(res, issued, cookieSecure);
  });

  router.post('/token/exchange', async (req, res) => {
    const input = codeExchangeRequest.parse(req.body);
    // Per code, by hash: the limiter's table must not hold a usable code.
    await limits.consume('verify', { ip: clientIp(req), account: `code:${sha256(input.code)}` });
    sendSession(res, await exchangeLinkCode(deps, input), cookieSecure);
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
    res.status(202).json({ status: 'email_sent' });
  });

  router.post('/otp/verify', async (req, res) => {
    const input = otpVerifyRequest.parse(req.body);
    await limits.consume('verify', { ip: clientIp(req), account: input.email });
    const issued = await signInWithOtp(deps, input);
    await limits.reset('verify', input.email);
    sendSession(res, issued, cookieSecure);
  });

  return router;
}

import type {
  CodeExchangeRequest,
  EmailLinkRequest,
  MfaVerifyRequest,
  OpenLinkRequest,
  OtpVerifyRequest,
  PasswordSignInRequest,
  ResendConfirmationRequest,
  SignUpRequest,
} from '@agentdock/contracts';
import {
  alertOwnerOfFailures,
  type AuthDeps,
  exchangeLinkCode,
  openLinkElsewhere,
  requestEmailLink,
  requestOtp,
  resendConfirmation,
  signInWithOtp,
  signInWithPassword,
  signUp,
  verifySecondStep,
} from './auth';
import { openChallenge } from './mfa-challenges';
import { fromSource, passwordGuesses, unknownAccount, userAccount } from './password-guesses';
import type { RateLimits } from './rate-limits';
import { sha256 } from './secrets';
import { signInFailureCounter, type SignInFailures } from './sign-in-failures';
import { findSignInAccount } from './users';

/** The unlimited operations the limits wrap; a parameter so the rules can be tested on their own. */
const authOperations = {
  signUp,
  resendConfirmation,
  findSignInAccount,
  signInWithPassword,
  exchangeLinkCode,
  openLinkElsewhere,
  requestEmailLink,
  requestOtp,
  signInWithOtp,
  verifySecondStep,
  openChallenge,
  alertOwnerOfFailures,
};
export type AuthOperations = typeof authOperations;

/**
 * Sign-up and every way of signing in, each counted per client IP and per account (per account
 * and source for guesses: passwords and emailed codes) before it runs. A sign-in that succeeds
 * forgives the earlier failures (typos must not add up to a lockout); a request that only sends an
 * email never does, or the budget would not bound emails. Password failures also slow down the
 * sources that make them (SignInFailures) and, repeated, are reported to the owner by email.
 */
export function limitedAuth(deps: AuthDeps, limits: RateLimits, ops: AuthOperations = authOperations, failures: SignInFailures = signInFailureCounter(deps.db)) {
  const guesses = passwordGuesses(limits, failures);
  return {
    async signUp(ip: string, input: SignUpRequest) {
      await limits.consume('signup', { ip, account: input.email });
      await ops.signUp(deps, input);
    },

    async resendConfirmation(ip: string, input: ResendConfirmationRequest) {
      await limits.consume('resend', { ip, account: input.email });
      await ops.resendConfirmation(deps, input);
    },

    // Counted per account, not per name typed: an email address and a phone number of one account
    // share its budget and its alert. A name without an account is counted on its own, after the
    // same look-up and password check, so the answers and their timing tell the two apart no more
    // than before.
    async signInWithPassword(ip: string, input: PasswordSignInRequest) {
      const user = await ops.findSignInAccount(deps.db, input);
      const account = user ? userAccount(user.id) : unknownAccount(input.email ?? input.phone ?? '');
      return guesses.guess(
        account,
        ip,
        () => ops.signInWithPassword(deps, user, input.password),
        () => {
          if (user) ops.alertOwnerOfFailures(deps, user);
        },
      );
    },

    // Per code, by hash: the limiter's table must not hold a usable code. A code is single-use,
    // so there is no later attempt on it to forgive.
    async exchangeLinkCode(ip: string, input: CodeExchangeRequest) {
      await limits.consume('verify', { ip, account: `code:${sha256(input.code)}` });
      return ops.exchangeLinkCode(deps, input);
    },

    // Counted like an exchange, per code by its hash: a code cannot be guessed here either.
    async openLinkElsewhere(ip: string, input: OpenLinkRequest) {
      await limits.consume('verify', { ip, account: `code:${sha256(input.code)}` });
      return ops.openLinkElsewhere(deps, input);
    },

    async requestEmailLink(ip: string, purpose: 'recovery' | 'magiclink', input: EmailLinkRequest) {
      await limits.consume(purpose === 'recovery' ? 'recover' : 'magiclink', { ip, account: input.email });
      ops.requestEmailLink(deps, purpose, input);
    },

    async requestOtp(ip: string, email: string) {
      await limits.consume('otp', { ip, account: email });
      ops.requestOtp(deps, email);
    },

    // An emailed code dies after a few wrong tries anyway; per source, guesses elsewhere cannot
    // stop the owner from signing in with a fresh one.
    async signInWithOtp(ip: string, input: OtpVerifyRequest) {
      await limits.consume('verify', { ip, account: fromSource(input.email, ip) });
      const outcome = await ops.signInWithOtp(deps, input);
      await limits.reset('verify', fromSource(input.email, ip));
      return outcome;
    },

    // The second step after any first factor; counted per user, so new challenges do not reset it.
    async verifySecondStep(ip: string, input: MfaVerifyRequest) {
      const { userId } = await ops.openChallenge(deps.db, input.challengeToken);
      const account = `user:${userId}`;
      await limits.consume('mfa', { ip, account });
      const issued = await ops.verifySecondStep(deps, input);
      await limits.reset('mfa', account);
      return issued;
    },
  };
}

import { fileURLToPath } from 'node:url';
import { IDENTITY_BASE, IDENTITY_JWKS_ENDPOINT } from '@agentdock/contracts';
import type { ServiceDefinition } from '@agentdock/service-data';
import { Router } from 'express';
import type { IdentityOptions } from './config';
import { type IdentitySchema, schema } from './db/schema';
import { type AuthDeps, sessionEnds } from './domain/auth';
import { createMailer, type Mailer } from './domain/mailer';
import { resealTotpSecrets } from './domain/mfa';
import { passwordGuesses } from './domain/password-guesses';
import { type ConfirmCredentialChange, credentialChangeConfirmation } from './domain/profile';
import { createRateLimits, type RateLimits } from './domain/rate-limits';
import { createSecretBox } from '@agentdock/service-kit';
import { signInFailureCounter } from './domain/sign-in-failures';
import { loadSigner } from './domain/signing-keys';
import { billingEmailConsumers, billingTierConsumers } from './events/billing';
import { lowBalanceConsumer } from './events/low-balance';
import { courseCompletedConsumer } from './events/course-completed';
import { courseWelcomeConsumer } from './events/course-welcome';
import { grantAdminToConfirmed } from './domain/users';
import { identityCustomerRouter } from './routes/admin-customer';
import { identityExportsRouter } from './routes/admin-exports';
import { identityStatsRouter } from './routes/admin-stats';
import { adminGuard, adminRouter } from './routes/admin';
import { apiKeysRouter } from './routes/api-keys';
import { authRouter } from './routes/auth';
import { mailboxRouter } from './routes/mailbox';
import { mfaRouter } from './routes/mfa';
import { profileRouter } from './routes/profile';
import { tokenRouter } from './routes/tokens';
import { invitationsRouter } from './routes/invitations';
import { adminOrganisationsRouter, teamExportsRouter } from './routes/team-admin';
import { teamsRouter } from './routes/teams';
import { teamApiKeysRouter } from './routes/team-api-keys';
import { seatsConsumer } from './events/seats';

export { type IdentityOptions, loadIdentityOptions } from './config';

/** What svc-identity builds at start: the signing key and the limiters live in its database. */
interface IdentityDeps {
  auth: AuthDeps;
  limits: RateLimits;
  mailer: Mailer;
  confirm: ConfirmCredentialChange;
}

/** svc-identity owns users, credentials, sessions, roles, suspension and email. */
export function createIdentityService(options: IdentityOptions): ServiceDefinition<IdentitySchema, IdentityDeps> {
  return {
    name: 'svc-identity',
    defaultPort: 3101,
    schema,
    migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
    async onStart(context) {
      const mailer = createMailer({ db: context.db, logger: context.logger, from: options.mailFrom, smtpUrl: options.smtpUrl });
      // Its own tokens are checked with its own keys, under the same admin policy as every service.
      const signer = await loadSigner(context.db, { adminRequiresMfa: context.verifier.adminRequiresMfa ?? false });
      const secretBox = createSecretBox(options.mfaEncryptionKey, options.mfaEncryptionKeysPrevious, 'MFA_ENCRYPTION_KEY_PREVIOUS');
      const resealed = await resealTotpSecrets(context.db, secretBox);
      if (resealed > 0) context.logger.info({ resealed }, 'sealed authenticator secrets with the current MFA_ENCRYPTION_KEY');
      const auth: AuthDeps = { db: context.db, writer: context, signer, mailer, secretBox, options };
      const admins = await grantAdminToConfirmed(context.db, options.adminEmails);
      if (admins > 0) context.logger.info({ admins }, 'made the confirmed accounts listed in ADMIN_EMAILS admins');
      if (!options.smtpUrl) context.logger.info('SMTP_URL is not set: emails are kept in the local mailbox table');
      context.logger.info('there is no SMS provider: texts (phone number codes) are kept in the local mailbox table');
      const limits = createRateLimits(context.db, options.rateLimits);
      const guesses = passwordGuesses(limits, signInFailureCounter(context.db));
      return { auth, mailer, limits, confirm: credentialChangeConfirmation({ guesses, mailer, publicUrl: options.publicUrl }) };
    },
    adminGuard(context, { auth }) {
      return adminGuard(context.db, auth.signer.verifier);
    },
    mount(app, context, { auth, limits, confirm }) {
      app.set('trust proxy', options.trustProxyHops);
      const api = Router();
      api.get(IDENTITY_JWKS_ENDPOINT.route, (_req, res) => {
        res.set('Cache-Control', 'public, max-age=300').json(auth.signer.jwks);
      });
      api.use(authRouter(auth, limits, options.cookieSecure));
      api.use(tokenRouter(auth, options.cookieSecure));
      const ends = sessionEnds(auth);
      api.use(profileRouter({ db: context.db, mailer: auth.mailer, limits, confirm, codeTtlMinutes: options.otpTtlMinutes }, ends, auth.signer.verifier));
      api.use(mfaRouter(context.db, context, auth.signer.verifier, limits, auth.secretBox, confirm));
      const keys = { writer: context, mailer: auth.mailer, publicUrl: options.publicUrl, confirm };
      api.use(apiKeysRouter(context.db, keys, auth.signer.verifier), teamApiKeysRouter(context.db, keys, auth.signer.verifier));
      api.use(adminRouter(context.db, ends, auth.signer.verifier));
      const teams = { db: context.db, writer: context, mailer: auth.mailer, publicUrl: options.publicUrl, freeSeats: options.teamFreeSeats };
      api.use(teamsRouter(teams, auth.signer.verifier), invitationsRouter(teams, auth.signer.verifier));
      api.use(teamExportsRouter(context.db, auth.signer.verifier), adminOrganisationsRouter(context.db, auth.signer.verifier));
      if (options.mailboxEnabled) api.use(mailboxRouter(context.db, options.mailboxToken));
      app.use(
        identityStatsRouter(context.db, auth.signer.verifier),
        identityExportsRouter(context.db, auth.signer.verifier),
        identityCustomerRouter(context.db, ends, auth.signer.verifier),
      );
      app.use(IDENTITY_BASE, api);
    },
    consumers(context, { mailer }) {
      return [
        lowBalanceConsumer(context.transaction, mailer, options.publicUrl),
        courseWelcomeConsumer(context.transaction, mailer, options.publicUrl),
        courseCompletedConsumer(context.transaction, mailer, options.publicUrl),
        ...billingTierConsumers(context.transaction),
        ...billingEmailConsumers(context.transaction, mailer, options.publicUrl),
        seatsConsumer(context.transaction),
      ];
    },
    async onStop(_context, { mailer }) {
      await mailer.idle();
    },
  };
}

import { fileURLToPath } from 'node:url';
import type { ServiceDefinition } from '@agentdock/service-data';
import { Router } from 'express';
import type { IdentityOptions } from './config';
import { type IdentitySchema, schema } from './db/schema';
import type { AuthDeps } from './domain/auth';
import { createMailer, type Mailer } from './domain/mailer';
import { createRateLimits, type RateLimits } from './domain/rate-limits';
import { loadSigner } from './domain/signing-keys';
import { billingEmailConsumers, billingTierConsumers } from './events/billing';
import { lowBalanceConsumer } from './events/low-balance';
import { grantAdminToConfirmed } from './domain/users';
import { adminGuard, adminRouter } from './routes/admin';
import { authRouter } from './routes/auth';
import { mailboxRouter } from './routes/mailbox';
import { mfaRouter } from './routes/mfa';
import { profileRouter } from './routes/profile';
import { tokenRouter } from './routes/tokens';

export { type IdentityOptions, loadIdentityOptions } from './config';

/** svc-identity owns users, credentials, sessions, roles, suspension and email. */
export function createIdentityService(options: IdentityOptions): ServiceDefinition<IdentitySchema> {
  // Built in onStart, which runs before mount: the signing key and the limiters live in the database.
  let started: { deps: AuthDeps; limits: RateLimits; mailer: Mailer } | undefined;

  return {
    name: 'svc-identity',
    defaultPort: 3101,
    schema,
    migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)),
    async onStart(context) {
      const mailer = createMailer({ db: context.db, logger: context.logger, from: options.mailFrom, smtpUrl: options.smtpUrl });
      // Its own tokens are checked with its own keys, under the same admin policy as every service.
      const signer = await loadSigner(context.db, { adminRequiresMfa: context.verifier.adminRequiresMfa ?? false });
      const deps: AuthDeps = { db: context.db, writer: context, signer, mailer, options };
      started = { deps, mailer, limits: createRateLimits(context.db, options.rateLimits) };
      const admins = await grantAdminToConfirmed(context.db, options.adminEmails);
      if (admins > 0) context.logger.info({ admins }, 'made the confirmed accounts listed in ADMIN_EMAILS admins');
      if (!options.smtpUrl) context.logger.info('SMTP_URL is not set: emails are kept in the local mailbox table');
    },
    adminGuard(context) {
      if (!started) throw new Error('svc-identity is mounted before it started');
      return adminGuard(context.db, started.deps.signer.verifier);
    },
    mount(app, context) {
      if (!started) throw new Error('svc-identity is mounted before it started');
      const { deps, limits } = started;
      app.set('trust proxy', options.trustProxyHops);
      const api = Router();
      api.get('/.well-known/jwks.json', (_req, res) => {
        res.set('Cache-Control', 'public, max-age=300').json(deps.signer.jwks);
      });
      api.use(authRouter(deps, limits, options.cookieSecure));
      api.use(tokenRouter(deps, options.cookieSecure));
      api.use(profileRouter(context.db, context, deps.signer.verifier));
      api.use(mfaRouter(context.db, context, deps.signer.verifier, limits));
      api.use(adminRouter(context.db, context, deps.signer.verifier));
      if (options.mailboxEnabled) api.use(mailboxRouter(context.db, options.mailboxToken));
      app.use('/api/identity', api);
    },
    // Called after onStart, so the mailer exists.
    consumers(context) {
      if (!started) throw new Error('svc-identity consumers requested before it started');
      return [
        lowBalanceConsumer(context.db, started.mailer, options.publicUrl),
        ...billingTierConsumers(context.db),
        ...billingEmailConsumers(context.db, started.mailer, options.publicUrl),
      ];
    },
    async onStop() {
      await started?.mailer.idle();
    },
  };
}

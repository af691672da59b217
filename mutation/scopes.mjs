// What `npm run mutation` mutates, one scope per workspace (or pure package). Each scope runs only
// the tests that sit next to its modules, so a run measures how well those tests pin the rules
// down, and a scope finishes in minutes on two shared cores instead of running the whole suite
// once per mutant.
export const scopes = {
  'svc-billing': {
    mutate: ['svc-billing/src/domain/checkout-rules.ts', 'svc-billing/src/domain/subscription-machine.ts'],
    tests: ['svc-billing/src/domain'],
    // plan-prices.ts is a read-model writer: its test opens a database per run, which made a
    // mutation run of this scope take over half an hour on two shared cores.
    ignoreTests: ['plan-prices\\.test\\.ts$'],
  },
  'svc-catalog': {
    mutate: [
      'svc-catalog/src/domain/cached-value.ts',
      'svc-catalog/src/domain/courses.ts',
      'svc-catalog/src/domain/discussion.ts',
      'svc-catalog/src/domain/pricing.ts',
      'svc-catalog/src/domain/sanitise.ts',
      'svc-catalog/src/domain/plan-cache.ts',
    ],
    tests: ['svc-catalog/src/domain'],
  },
  'svc-chat': {
    mutate: ['svc-chat/src/domain/credits.ts', 'svc-chat/src/domain/ledger/*.ts', 'svc-chat/src/domain/wallet.ts', 'svc-chat/src/domain/allowances.ts'],
    tests: ['svc-chat/src/domain'],
    // The wallet-*.test.ts files run the wallet against a database opened once per file; on
    // PGlite that takes seconds per mutant run, on a fresh PostgreSQL database (TEST_DATABASE_URL)
    // a fraction of one.
    timeoutMS: process.env.TEST_DATABASE_URL ? 10_000 : 60_000,
  },
  'svc-identity': {
    mutate: [
      'svc-identity/src/domain/link-codes.ts',
      'svc-identity/src/domain/otp.ts',
      'svc-identity/src/domain/mfa.ts',
      'svc-identity/src/domain/totp.ts',
      'svc-identity/src/domain/passwords.ts',
      'svc-identity/src/domain/rate-limits.ts',
      'svc-identity/src/domain/rate-limit-settings.ts',
      'svc-identity/src/domain/recovery-codes.ts',
      'svc-identity/src/domain/refresh-tokens.ts',
      'svc-identity/src/domain/secrets.ts',
      'svc-identity/src/domain/signing-keys.ts',
    ],
    tests: ['svc-identity/src/domain'],
    // Four of the domain test files open a database first (codes, MFA, rate limits, tokens); as in
    // svc-chat, a hung mutant is cut off 10 s past the usual time on PostgreSQL, 60 s on PGlite.
    timeoutMS: process.env.TEST_DATABASE_URL ? 10_000 : 60_000,
  },
  'service-data-events': {
    mutate: ['packages/service-data/src/events/bus.ts', 'packages/service-data/src/events/outbox.ts', 'packages/service-data/src/events/consumer.ts'],
    tests: ['packages/service-data/src/events'],
    // versioning.test.ts starts two whole services in beforeAll, which runs the outbox relay
    // outside any test: Stryker then counts every relay mutant as static and reruns all of the
    // scope's tests, service start-ups included, for each one (over 40 minutes for this scope).
    // It tests the versioning rule across services; bus.test.ts and outbox.test.ts pin the
    // modules mutated here.
    ignoreTests: ['versioning\\.test\\.ts$'],
    // The outbox tests open a database first, which is not part of the per-test time Stryker bases
    // its timeout on. An embedded PGlite takes seconds on a busy machine: without a wide margin
    // every mutant there "times out" and counts as killed. A fresh PostgreSQL database
    // (TEST_DATABASE_URL, the way to run this scope) takes a fraction of a second, so a hung mutant
    // is cut off sooner.
    timeoutMS: process.env.TEST_DATABASE_URL ? 10_000 : 60_000,
  },
  contracts: {
    mutate: ['packages/contracts/src/**/*.ts', '!packages/contracts/src/**/*.test.ts', '!packages/contracts/src/testing/**'],
    tests: ['packages/contracts/src'],
    // Most of the package is module-level data (schemas, fixed texts) that the services' and front
    // ends' tests check from their side; mutating it would re-run every test of the scope per
    // mutant for mutants only other workspaces can kill. The functions are what is measured here.
    ignoreStatic: true,
  },
  // The session package's rules and the parts session-client.ts is composed of (issue 13), each
  // with its own tests. Only the direct tests run here: the session client's tests reach these
  // modules too, but through every part at once.
  session: {
    mutate: [
      'packages/session/src/pkce.ts',
      'packages/session/src/refresh-timing.ts',
      'packages/session/src/session-hint.ts',
      'packages/session/src/refresh-scheduler.ts',
      'packages/session/src/session-holder.ts',
      'packages/session/src/session-refresher.ts',
      'packages/session/src/access-token.ts',
      'packages/session/src/second-step.ts',
      'packages/session/src/user-calls.ts',
      'packages/session/src/tab-messages.ts',
      'packages/session/src/visibility-refresh.ts',
      'packages/session/src/email-links.ts',
    ],
    tests: ['packages/session/src'],
    ignoreTests: ['session-client\\.test\\.ts$', 'react\\.test\\.tsx$'],
  },
  'mfe-marketing-pricing': {
    mutate: [
      'mfe-marketing/src/pricing/plan-price.ts',
      'mfe-marketing/src/pricing/checkout.ts',
      'mfe-marketing/src/pricing/paid-plan.ts',
      'mfe-marketing/src/pricing/sales-mailto.ts',
    ],
    tests: ['mfe-marketing/src/pricing'],
    // These tests pick jsdom with a docblock, which bypasses the environment Stryker wraps to
    // record per-test coverage; every mutant runs all of the scope's tests instead.
    coverageAnalysis: 'off',
  },
};

import { type AccessTable, kitAccessRows } from '@agentdock/service-kit/testing';

const MAILBOX_ONLY = { anonymous: 404, user: 404, suspended: 404, admin: 404 } as const;

// Who may call what. A route mounted without a row here fails the test.
export const IDENTITY_ACCESS: AccessTable = {
  ...kitAccessRows('/api/identity'),
  'GET /api/identity/.well-known/jwks.json': 'public',
  'POST /api/identity/signup': 'public',
  'POST /api/identity/signup/resend': 'public',
  'POST /api/identity/signin/password': 'public',
  'POST /api/identity/token/exchange': 'public',
  'POST /api/identity/recover': 'public',
  'POST /api/identity/magic-link': 'public',
  'POST /api/identity/otp': 'public',
  'POST /api/identity/otp/verify': 'public',
  // The second step's credential is the challenge token in the body, not a bearer token.
  'POST /api/identity/mfa/verify': 'public',
  // The refresh cookie is the credential here, so a bearer token changes nothing.
  'POST /api/identity/token/refresh': { anonymous: 401, user: 401, suspended: 401, admin: 401 },
  'POST /api/identity/token/revoke': 'public',
  'GET /api/identity/me': 'user',
  'PATCH /api/identity/me': 'user',
  'POST /api/identity/me/password': 'user',
  'GET /api/identity/me/mfa': 'user',
  'POST /api/identity/me/mfa/enrolment': 'user',
  'POST /api/identity/me/mfa/enrolment/confirm': 'user',
  'POST /api/identity/me/mfa/recovery-codes': 'user',
  'POST /api/identity/me/mfa/disable': 'user',
  'GET /api/identity/admin/users': 'admin',
  'PATCH /api/identity/admin/users/:id': 'admin',
  'DELETE /api/identity/admin/users/:id/mfa': 'admin',
  // The local mailbox answers only to its own secret, never to a user's or an admin's token.
  'GET /api/identity/dev/mailbox': MAILBOX_ONLY,
  'GET /api/identity/dev/mailbox/messages': MAILBOX_ONLY,
};

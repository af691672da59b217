import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type AdminAuditEntry, type AdminUserSecurity, type CustomerBilling, type CustomerLearning, type LedgerKind, SUBSCRIPTION_TIER_LABELS } from '@agentdock/contracts';
import { Badge, Button, formatPrice, TierBadge } from '@agentdock/ui';
import { AUDITED_SERVICES } from '../api/audit-api';
import { useAdminApi } from '../api/use-admin-api';
import { actionLabel, mergeNewestFirst } from '../audit/merge-audit';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { ConfirmDialog } from '../console/confirm-dialog';
import { formatDateTime, formatNumber } from '../console/format';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';

export const RESET_MFA_CONFIRMATION = 'Reset two-factor authentication? The customer signs in with their password alone until they set it up again.';
const AUDIT_SHOWN = 20;

const LEDGER_LABELS: Record<LedgerKind, string> = {
  grant: 'Allowance',
  reservation: 'Reserved',
  settlement: 'Settled',
  release: 'Released',
  expiry: 'Expired',
  refund: 'Refund',
  'top-up': 'Top-up',
  'admin-adjustment': 'Admin adjustment',
  'plan-change': 'Plan change',
};
const signed = (value: number) => (value > 0 ? `+${formatNumber(value)}` : formatNumber(value));

const PAYMENT_KINDS: Record<CustomerBilling['payments'][number]['kind'], string> = { plan: 'Plan', course: 'Course', 'credit-pack': 'Credit pack', refund: 'Refund' };

const MEMBERSHIP_SOURCES: Record<NonNullable<CustomerLearning['courses'][number]['membership']>['source'], string> = {
  admin: 'granted by an admin',
  subscription: 'through a course subscription',
};

/**
 * One customer in full: profile, sign-ins and two-factor status (identity), subscriptions and
 * payments (billing), credits (chat), courses (catalog) and what admins did about them (every
 * service's audit).
 */
export function CustomerPage({ userId, onBack }: { userId: string; onBack: () => void }) {
  const api = useAdminApi();
  const profile = useLoad(async (signal) => (await api.identity.listUsers({ ids: [userId], limit: 1, offset: 0 }, { signal })).users[0] ?? null, userId);
  return (
    <section className="adm-tab" aria-labelledby="adm-customer-title">
      <div className="adm-tab__head">
        <h2 id="adm-customer-title">Customer</h2>
        <Button variant="secondary" onClick={onBack}>
          Back to users
        </Button>
      </div>
      <LoadStates loaded={profile} label="Customer">
        {(user) =>
          user === null ? (
            <p className="adm-empty">No user with this id.</p>
          ) : (
            <>
              <dl className="adm-facts" data-testid="customer-profile">
                <dt>Name</dt>
                <dd>{user.fullName ?? 'No name'}</dd>
                <dt>Email</dt>
                <dd>{user.email}</dd>
                <dt>Plan</dt>
                <dd>
                  <TierBadge tier={user.subscriptionTier} />
                </dd>
                <dt>Status</dt>
                <dd>{user.isSuspended ? 'Suspended' : 'Active'}</dd>
                <dt>Signed up</dt>
                <dd>{formatDateTime(user.createdAt)}</dd>
                <dt>Email confirmed</dt>
                <dd>{user.emailConfirmedAt ? formatDateTime(user.emailConfirmedAt) : 'Not yet'}</dd>
              </dl>
              <Security userId={userId} />
              <Billing userId={userId} />
              <Credits userId={userId} />
              <Courses userId={userId} />
              <AuditEntries userId={userId} />
            </>
          )
        }
      </LoadStates>
    </section>
  );
}

function Security({ userId }: { userId: string }) {
  const api = useAdminApi();
  const report = useReportError();
  const security = useLoad((signal) => api.identity.security(userId, { signal }), userId);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  async function resetMfa() {
    setPending(true);
    try {
      await api.identity.resetMfa(userId);
      security.setData((current) => current && { ...current, mfaEnabled: false, mfaEnabledAt: null });
      setConfirming(false);
    } catch (error) {
      report(ADMIN_ERRORS.resetMfa, error);
    } finally {
      setPending(false);
    }
  }

  async function revoke(session: AdminUserSecurity['sessions'][number]) {
    try {
      await api.identity.revokeSession(userId, session.id);
      security.setData((current) => current && { ...current, sessions: current.sessions.filter((row) => row.id !== session.id) });
    } catch (error) {
      report(ADMIN_ERRORS.revokeSession, error);
    }
  }

  return (
    <div className="adm-breakdown">
      <h3>Sign-in and security</h3>
      <LoadStates loaded={security} label="Security">
        {(data) => (
          <>
            <p className="adm-row-actions">
              <span data-testid="mfa-status">
                {data.mfaEnabled ? `Two-factor authentication is on (since ${formatDateTime(data.mfaEnabledAt!)}).` : 'Two-factor authentication is off.'}
              </span>
              {data.mfaEnabled && (
                <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
                  Reset two-factor
                </Button>
              )}
            </p>
            {data.sessions.length === 0 ? (
              <p className="adm-empty">No open sign-ins.</p>
            ) : (
              <ul className="adm-list" aria-label="Open sign-ins">
                {data.sessions.map((session) => (
                  <li key={session.id} className="adm-list__row">
                    <span>{`Signed in ${formatDateTime(session.createdAt)} (${session.kind}), until ${formatDateTime(session.expiresAt)}`}</span>
                    <Button size="sm" variant="secondary" onClick={() => void revoke(session)} aria-label={`End the sign-in of ${formatDateTime(session.createdAt)}`}>
                      End sign-in
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {confirming && (
              <ConfirmDialog message={RESET_MFA_CONFIRMATION} confirmLabel="Reset" pending={pending} onConfirm={() => void resetMfa()} onCancel={() => setConfirming(false)} />
            )}
          </>
        )}
      </LoadStates>
    </div>
  );
}

const externalLink = (href: string, label: string) => (
  <a href={href} target="_blank" rel="noopener noreferrer">
    {label}
  </a>
);

function Billing({ userId }: { userId: string }) {
  const api = useAdminApi();
  const billing = useLoad((signal) => api.billing.customer(userId, { signal }), userId);
  return (
    <div className="adm-breakdown">
      <h3>Subscriptions and payments</h3>
      <LoadStates loaded={billing} label="Billing">
        {(data) => (
          <>
            {data.dashboardUrl && <p>{externalLink(data.dashboardUrl, 'Open in the payment provider’s dashboard')}</p>}
            {data.subscriptions.length === 0 ? (
              <p className="adm-empty">No subscriptions.</p>
            ) : (
              <ul className="adm-list" aria-label="Subscriptions">
                {data.subscriptions.map((subscription) => (
                  <li key={subscription.id} className="adm-list__row">
                    <span>
                      {`${subscription.kind === 'plan' ? (SUBSCRIPTION_TIER_LABELS[subscription.product as keyof typeof SUBSCRIPTION_TIER_LABELS] ?? subscription.product) : `Course ${subscription.product}`}, ${formatPrice(subscription.unitAmount, subscription.currency)} per ${subscription.interval} `}
                      <Badge variant={subscription.status === 'active' ? 'success' : subscription.status === 'past_due' ? 'warning' : 'neutral'}>{subscription.status}</Badge>
                      {subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd ? ` Cancels on ${formatDateTime(subscription.currentPeriodEnd)}` : ''}
                    </span>
                    {externalLink(subscription.dashboardUrl, 'Dashboard')}
                  </li>
                ))}
              </ul>
            )}
            {data.payments.length === 0 ? (
              <p className="adm-empty">No payments.</p>
            ) : (
              <div className="adm-table-scroll" role="region" aria-label="Payments" tabIndex={0}>
                <table className="adm-table" data-testid="customer-payments">
                  <thead>
                    <tr>
                      <th scope="col">Date</th>
                      <th scope="col">What</th>
                      <th scope="col">Amount</th>
                      <th scope="col">Provider</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.payments.map((payment) => (
                      <tr key={payment.id}>
                        <td>{formatDateTime(payment.paidAt)}</td>
                        <td>{PAYMENT_KINDS[payment.kind]}</td>
                        <td>{formatPrice(payment.amount, payment.currency)}</td>
                        <td>{payment.dashboardUrl ? externalLink(payment.dashboardUrl, payment.id) : payment.id}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </LoadStates>
    </div>
  );
}

function Credits({ userId }: { userId: string }) {
  const api = useAdminApi();
  const usage = useLoad(async (signal) => {
    const [wallets, replies, summary] = await Promise.all([
      api.chat.getWallets([userId], { signal }),
      api.chat.recentReplies(userId, { signal }),
      api.chat.customerUsage(userId, { signal }),
    ]);
    return { wallet: wallets[0] ?? null, replies, summary };
  }, userId);
  return (
    <div className="adm-breakdown">
      <h3>Credits</h3>
      <LoadStates loaded={usage} label="Credits">
        {({ wallet, replies, summary }) => (
          <>
            <p data-testid="customer-credits">
              {wallet
                ? `${formatNumber(wallet.creditsRemaining)} of ${formatNumber(wallet.creditsLimit)} plan credits left, ${formatNumber(wallet.purchasedCredits)} purchased; renews ${formatDateTime(wallet.renewsAt)}.`
                : 'No wallet yet.'}
            </p>
            <p>{`Recent replies: ${formatNumber(replies.length)}, ${formatNumber(replies.reduce((sum, reply) => sum + (reply.refunded ? 0 : reply.creditsUsed), 0))} credits.`}</p>
            <p data-testid="customer-conversations">{`Conversations: ${formatNumber(summary.conversations)}`}</p>
            {summary.ledger.length > 0 && (
              <ul className="adm-list" aria-label="Latest wallet changes">
                {summary.ledger.map((row) => (
                  <li key={row.id} className="adm-list__row">
                    <span>{`${formatDateTime(row.createdAt)}: ${LEDGER_LABELS[row.kind]} ${signed(row.planDelta)} plan, ${signed(row.purchasedDelta)} purchased${row.reason ? ` (${row.reason})` : ''}`}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </LoadStates>
    </div>
  );
}

function Courses({ userId }: { userId: string }) {
  const api = useAdminApi();
  const learning = useLoad((signal) => api.catalog.customerLearning(userId, { signal }), userId);
  return (
    <div className="adm-breakdown">
      <h3>Courses</h3>
      <LoadStates loaded={learning} label="Courses">
        {({ courses }) =>
          courses.length === 0 ? (
            <p className="adm-empty">No courses yet.</p>
          ) : (
            <ul className="adm-list" aria-label="Course progress">
              {courses.map((course) => (
                <li key={course.courseId} className="adm-list__row" data-testid={`customer-course-${course.courseId}`}>
                  <span>
                    <strong>{course.title}</strong>
                    {`: ${formatNumber(course.completed)} of ${formatNumber(course.total)} lessons completed. `}
                    {course.membership
                      ? `Member since ${formatDateTime(course.membership.since)}, ${MEMBERSHIP_SOURCES[course.membership.source]}.`
                      : 'No access to the course now.'}
                    {course.certificate && (
                      <>
                        {' Certificate '}
                        <Link to={`/certificates/${course.certificate.code}`} className="adm-code">
                          {course.certificate.code}
                        </Link>
                        {` (${formatDateTime(course.certificate.completedAt)})`}
                      </>
                    )}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </LoadStates>
    </div>
  );
}

function AuditEntries({ userId }: { userId: string }) {
  const api = useAdminApi();
  const entries = useLoad(
    async (signal): Promise<AdminAuditEntry[]> =>
      mergeNewestFirst(
        ...(await Promise.all(AUDITED_SERVICES.map(async (service) => (await api.audit.list(service, { user: userId, limit: AUDIT_SHOWN }, { signal })).entries))),
      ).slice(0, AUDIT_SHOWN),
    userId,
  );
  return (
    <div className="adm-breakdown">
      <h3>Admin actions about this customer</h3>
      <LoadStates loaded={entries} label="Audit entries">
        {(rows) =>
          rows.length === 0 ? (
            <p className="adm-empty">No admin actions yet.</p>
          ) : (
            <ul className="adm-list" aria-label="Admin actions">
              {rows.map((entry) => (
                <li key={`${entry.service}:${entry.id}`} className="adm-list__row">
                  <span>{`${formatDateTime(entry.createdAt)}: ${actionLabel(entry.action)} by ${entry.actorEmail ?? entry.actorId}`}</span>
                </li>
              ))}
            </ul>
          )
        }
      </LoadStates>
    </div>
  );
}

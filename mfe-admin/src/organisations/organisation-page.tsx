import { ApiError } from '@agentdock/api-client';
import { SUBSCRIPTION_TIER_LABELS, type AdminOrganisationSummary } from '@agentdock/contracts';
import { Button, formatPrice } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { formatDateTime, formatNumber } from '../console/format';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';

/** The subscription status billing last reported for a team, in words. */
export const STATUS_LABELS: Record<AdminOrganisationSummary['subscriptionStatus'], string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Past due',
  canceled: 'Cancelled',
  none: 'No subscription',
};

const ROLE_LABELS = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;

/** One team in full: its members and roles (identity), its subscription and seats (billing), its pool and this period's use (chat). */
export function OrganisationPage({ orgId, onBack }: { orgId: string; onBack: () => void }) {
  const api = useAdminApi().organisations;
  const team = useLoad(async (signal) => {
    try {
      return await api.detail(orgId, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }, `team|${orgId}`);
  const billing = useLoad(async (signal) => (await api.subscriptions([orgId], { signal })).teams[0] ?? null, `billing|${orgId}`);
  // Chat hears of a team from identity's events: a team nobody spent for yet may have no pool.
  const pool = useLoad(async (signal) => {
    try {
      return await api.pool(orgId, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }, `pool|${orgId}`);

  return (
    <section className="adm-tab" aria-labelledby="adm-organisation-title">
      <div className="adm-tab__head">
        <h2 id="adm-organisation-title">Organisation</h2>
        <Button variant="secondary" onClick={onBack}>
          Back to organisations
        </Button>
      </div>
      <LoadStates loaded={team} label="Organisation">
        {(detail) => {
          if (detail === null) return <p className="adm-empty">No team with this id.</p>;
          const { organisation } = detail;
          const spentOf = (userId: string) => pool.data?.members.find((member) => member.userId === userId);
          return (
            <>
              <dl className="adm-facts" data-testid="organisation-facts">
                <dt>Name</dt>
                <dd>{organisation.name}</dd>
                <dt>URL name</dt>
                <dd>/{organisation.slug}</dd>
                <dt>Owner</dt>
                <dd>{organisation.ownerEmail ?? 'No owner'}</dd>
                <dt>Created</dt>
                <dd>{formatDateTime(organisation.createdAt)}</dd>
                <dt>Members</dt>
                <dd>{`${formatNumber(organisation.members)} of ${formatNumber(organisation.paidSeats)} paid seats, ${formatNumber(detail.pendingInvitations)} invited`}</dd>
              </dl>
              <section aria-labelledby="adm-organisation-subscription" className="adm-breakdown">
                <h3 id="adm-organisation-subscription">Seats and subscription</h3>
                <LoadStates loaded={billing} label="The subscription">
                  {(seats) =>
                    seats?.subscription ? (
                      <dl className="adm-facts" data-testid="organisation-subscription">
                        <dt>Plan</dt>
                        <dd>{SUBSCRIPTION_TIER_LABELS[seats.subscription.tier as keyof typeof SUBSCRIPTION_TIER_LABELS] ?? seats.subscription.tier}</dd>
                        <dt>Status</dt>
                        <dd>{seats.subscription.status}</dd>
                        <dt>Seats paid</dt>
                        <dd>{formatNumber(seats.subscription.seats)}</dd>
                        <dt>Price</dt>
                        <dd>{`${formatPrice(seats.subscription.price.unitAmount, seats.subscription.price.currency)} per seat per ${seats.subscription.price.interval}, ${formatPrice(seats.subscription.price.unitAmount * seats.subscription.seats, seats.subscription.price.currency)} in all`}</dd>
                        <dt>Current period ends</dt>
                        <dd>{formatDateTime(new Date(seats.subscription.currentPeriodEnd * 1000).toISOString())}</dd>
                      </dl>
                    ) : (
                      <p className="adm-empty">{`No team subscription: ${STATUS_LABELS[organisation.subscriptionStatus].toLowerCase()}.`}</p>
                    )
                  }
                </LoadStates>
              </section>
              <section aria-labelledby="adm-organisation-pool" className="adm-breakdown">
                <h3 id="adm-organisation-pool">Credit pool</h3>
                <LoadStates loaded={pool} label="The pool">
                  {(figures) =>
                    figures ? (
                      <dl className="adm-facts" data-testid="organisation-pool">
                        <dt>Balance</dt>
                        <dd>{`${formatNumber(figures.creditsRemaining + figures.purchasedCredits)} credits (${formatNumber(figures.purchasedCredits)} purchased)`}</dd>
                        <dt>Monthly allowance</dt>
                        <dd>{`${formatNumber(figures.creditsLimit)} credits`}</dd>
                        <dt>Used this period</dt>
                        <dd>{`${formatNumber(figures.spentThisPeriod)} credits since ${formatDateTime(figures.periodStart)}`}</dd>
                        <dt>Refills</dt>
                        <dd>{formatDateTime(figures.refillsAt)}</dd>
                      </dl>
                    ) : (
                      <p className="adm-empty">No pool yet.</p>
                    )
                  }
                </LoadStates>
              </section>
              <section aria-labelledby="adm-organisation-members" className="adm-breakdown">
                <h3 id="adm-organisation-members">Members</h3>
                <div className="adm-table-scroll" role="region" aria-label="Members table" tabIndex={0}>
                  <table className="adm-table adm-table--cards">
                    <thead>
                      <tr>
                        <th scope="col">Member</th>
                        <th scope="col">Role</th>
                        <th scope="col">Joined</th>
                        <th scope="col">Credits this period</th>
                        <th scope="col">Cap</th>
                      </tr>
                    </thead>
                    <tbody>
                      {detail.members.map((member) => {
                        const figures = spentOf(member.userId);
                        return (
                          <tr key={member.userId}>
                            <td data-label="Member">{member.fullName ? `${member.fullName} (${member.email})` : member.email}</td>
                            <td data-label="Role">{ROLE_LABELS[member.role]}</td>
                            <td data-label="Joined">{formatDateTime(member.joinedAt)}</td>
                            <td data-label="Credits this period">{figures ? formatNumber(figures.spentThisPeriod) : '—'}</td>
                            <td data-label="Cap">{figures?.monthlyCap != null ? formatNumber(figures.monthlyCap) : 'None'}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </section>
            </>
          );
        }}
      </LoadStates>
    </section>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SUBSCRIPTION_TIER_LABELS } from '@agentdock/contracts';
import { Button, TruncatedText } from '@agentdock/ui';
import { type AdminPoolBalance, ORGANISATIONS_PAGE_SIZE } from '../api/organisations-admin';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { formatNumber } from '../console/format';
import { LoadStates } from '../console/load-states';
import { Pagination } from '../console/pagination';
import { useLoad } from '../console/use-load';
import { pageOffset } from '../users/users-query';
import { OrganisationPage, STATUS_LABELS } from './organisation-page';

/** Teams, a page at a time (identity searches and counts), with their plan and seats (billing) and pool (chat); one opens in full. */
export function OrganisationsTab() {
  const [params, setParams] = useSearchParams();
  const open = params.get('organisation');
  const setOpen = (orgId: string | null) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (orgId) updated.set('organisation', orgId);
      else updated.delete('organisation');
      return updated;
    });
  if (open) return <OrganisationPage orgId={open} onBack={() => setOpen(null)} />;
  return <OrganisationsList onOpen={setOpen} />;
}

function OrganisationsList({ onOpen }: { onOpen: (orgId: string) => void }) {
  const api = useAdminApi().organisations;
  const report = useReportError();
  const [params, setParams] = useSearchParams();
  const query = { q: params.get('q') ?? '', offset: pageOffset(params.get('page'), ORGANISATIONS_PAGE_SIZE) };
  const setQuery = (next: { q: string; offset: number }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.q) updated.set('q', next.q);
        else updated.delete('q');
        if (next.offset > 0) updated.set('page', String(next.offset / ORGANISATIONS_PAGE_SIZE + 1));
        else updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  const [draft, setDraft] = useState(query.q);
  const teams = useLoad((signal) => api.list(query.q, query.offset, { signal }), `${query.q}|${query.offset}`);
  const ids = teams.data?.organisations.map((team) => team.id) ?? [];
  const extras = useLoad(async (signal) => {
    if (ids.length === 0) return { plans: new Map<string, string>(), pools: new Map<string, AdminPoolBalance>() };
    const [subscriptions, pools] = await Promise.all([api.subscriptions(ids, { signal }), api.pools(ids, { signal })]);
    const plans = new Map(
      subscriptions.teams.map((team) => [
        team.organisationId,
        team.subscription ? `${SUBSCRIPTION_TIER_LABELS[team.subscription.tier as keyof typeof SUBSCRIPTION_TIER_LABELS] ?? team.subscription.tier}` : 'None',
      ]),
    );
    return { plans, pools: new Map(pools.map((pool) => [pool.organisationId, pool])) };
  }, ids.join(','));
  // The plan and pool columns say "Unavailable"; the banner says why.
  useEffect(() => {
    if (extras.error !== undefined) report(ADMIN_ERRORS.loadFailed, extras.error);
  }, [extras.error, report]);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery({ q: draft.trim(), offset: 0 });
  }
  const ready = extras.data && !extras.loading;
  const extra = (text: string | undefined) => (ready ? (text ?? '—') : extras.error !== undefined ? 'Unavailable' : '…');

  return (
    <section className="adm-tab" aria-labelledby="adm-organisations-title">
      <div className="adm-tab__head">
        <h2 id="adm-organisations-title">Organisations</h2>
        {teams.data && <p data-testid="organisation-total">{`Total teams: ${formatNumber(teams.data.total)}`}</p>}
      </div>
      <form role="search" className="adm-search" onSubmit={search}>
        <label htmlFor="adm-organisation-search" className="ad-visually-hidden">
          Search by team name, URL name or owner email
        </label>
        <input id="adm-organisation-search" className="ad-input" type="search" placeholder="Team or owner email" value={draft} onChange={(event) => setDraft(event.target.value)} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <LoadStates loaded={teams} label="Organisations">
        {({ organisations, total }) => {
          if (organisations.length === 0) return <p className="adm-empty">{query.q ? `No teams match “${query.q}”.` : 'No teams yet.'}</p>;
          return (
            <>
              <div className="adm-table-scroll" role="region" aria-label="Organisations table" tabIndex={0}>
                <table className="adm-table adm-table--cards" aria-busy={teams.loading}>
                  <thead>
                    <tr>
                      <th scope="col">Team</th>
                      <th scope="col">Owner</th>
                      <th scope="col">Members</th>
                      <th scope="col">Seats</th>
                      <th scope="col">Plan</th>
                      <th scope="col">Status</th>
                      <th scope="col">Pool balance</th>
                    </tr>
                  </thead>
                  <tbody>
                    {organisations.map((team) => {
                      const pool = extras.data?.pools.get(team.id);
                      return (
                        <tr key={team.id}>
                          <td data-label="Team">
                            <Button variant="ghost" size="sm" onClick={() => onOpen(team.id)} aria-label={`Open ${team.name}`}>
                              {team.name}
                            </Button>
                            <span className="ad-muted"> /{team.slug}</span>
                          </td>
                          <td data-label="Owner">
                            {team.ownerEmail ? (
                              // A long address is cut with its full text on hover and keyboard focus, as in the users list.
                              <TruncatedText text={team.ownerEmail} />
                            ) : (
                              '—'
                            )}
                          </td>
                          <td data-label="Members">{formatNumber(team.members)}</td>
                          <td data-label="Seats">{formatNumber(team.paidSeats)}</td>
                          <td data-label="Plan">{extra(extras.data?.plans.get(team.id))}</td>
                          <td data-label="Status">{STATUS_LABELS[team.subscriptionStatus]}</td>
                          <td data-label="Pool balance">{extra(pool ? `${formatNumber(pool.creditsRemaining + pool.purchasedCredits)} credits` : 'No pool yet')}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <Pagination
                label="Organisations pages"
                pageSize={ORGANISATIONS_PAGE_SIZE}
                offset={query.offset}
                shown={organisations.length}
                total={total}
                onPage={(offset) => setQuery({ q: query.q, offset })}
              />
            </>
          );
        }}
      </LoadStates>
    </section>
  );
}

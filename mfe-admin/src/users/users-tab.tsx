import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminUserPatch, UserProfile, Wallet } from '@agentdock/contracts';
import { useSession } from '@agentdock/session';
import { Button, TextField } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { SelectField } from '../console/fields';
import { formatNumber } from '../console/format';
import { LoadStates } from '../console/load-states';
import { Pagination } from '../console/pagination';
import { TIER_OPTIONS } from '../console/tier-options';
import { useLoad } from '../console/use-load';
import { CreditPanel } from './credit-panel';
import { CustomerPage } from './customer-page';
import { PlanChangeDialog, SuspensionDialog } from './user-confirmations';
import { UserRow } from './user-row';
import { FILTER_PARAMS, type Filters, findUsers, pageOffset, USERS_PAGE_SIZE } from './users-query';

export { USERS_PAGE_SIZE } from './users-query';

/**
 * Every user, a page at a time (the server searches and counts, so this stays quick with many
 * thousands), with plan, credits and status, and the admin's actions on each.
 */
export function UsersTab() {
  const [params, setParams] = useSearchParams();
  const open = params.get('user');
  const setOpen = (userId: string | null) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (userId) updated.set('user', userId);
        else updated.delete('user');
        return updated;
      },
      { replace: false },
    );
  if (open) return <CustomerPage userId={open} onBack={() => setOpen(null)} />;
  return <UsersList onOpen={setOpen} />;
}

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'past_due', label: 'Past due' },
  { value: 'cancelling', label: 'Cancelling' },
];

const SORT_OPTIONS = [
  { value: '', label: 'Newest first' },
  { value: 'credits', label: 'Most credits used' },
];

function UsersList({ onOpen }: { onOpen: (userId: string) => void }) {
  const api = useAdminApi();
  const report = useReportError();
  const { user: me } = useSession();
  // The search, filters and page live in the URL beside the tab, so a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const query = { q: params.get('q') ?? '', offset: pageOffset(params.get('page')) };
  const filters = Object.fromEntries(FILTER_PARAMS.map((name) => [name, params.get(name) ?? ''])) as Filters;
  const setQuery = (next: { q: string; offset: number }, nextFilters: Filters = filters) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.q) updated.set('q', next.q);
        else updated.delete('q');
        if (next.offset > 0) updated.set('page', String(next.offset / USERS_PAGE_SIZE + 1));
        else updated.delete('page');
        for (const name of FILTER_PARAMS) {
          if (nextFilters[name]) updated.set(name, nextFilters[name]);
          else updated.delete(name);
        }
        return updated;
      },
      { replace: true },
    );
  const setFilter = (name: keyof Filters, value: string) => setQuery({ q: query.q, offset: 0 }, { ...filters, [name]: value });
  const [draft, setDraft] = useState(query.q);
  const users = useLoad((signal) => findUsers(api, query.q, filters, query.offset, signal), `${query.q}|${query.offset}|${FILTER_PARAMS.map((name) => filters[name]).join('|')}`);
  const ids = users.data?.users.map((user) => user.id) ?? [];
  const wallets = useLoad(
    async (signal) => (ids.length === 0 ? new Map<string, Wallet>() : new Map((await api.chat.getWallets(ids, { signal })).map((wallet) => [wallet.userId, wallet]))),
    ids.join(','),
  );
  // The credits column says "Unavailable"; the banner says why.
  useEffect(() => {
    if (wallets.error !== undefined) report(ADMIN_ERRORS.loadFailed, wallets.error);
  }, [wallets.error, report]);
  const [busy, setBusy] = useState(false);
  const [creditsOf, setCreditsOf] = useState<string | null>(null);
  // The plan change or suspension waiting for the admin's answer: nothing changes before it.
  const [confirming, setConfirming] = useState<{ kind: 'plan' | 'suspension'; userId: string } | null>(null);

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery({ q: draft.trim(), offset: 0 });
  }

  async function update(user: UserProfile, patch: AdminUserPatch, failure: typeof ADMIN_ERRORS.userPlan | typeof ADMIN_ERRORS.userStatus) {
    setBusy(true);
    try {
      const next = await api.identity.updateUser(user.id, patch);
      users.setData((current) => current && { ...current, users: current.users.map((row) => (row.id === next.id ? next : row)) });
    } catch (error) {
      report(failure, error);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  function replaceWallet(wallet: Wallet) {
    wallets.setData((current) => new Map(current).set(wallet.userId, wallet));
  }

  return (
    <section className="adm-tab" aria-labelledby="adm-users-title">
      <div className="adm-tab__head">
        <h2 id="adm-users-title">Users</h2>
        {users.data && <p data-testid="user-total">{`Total users: ${formatNumber(users.data.total)}`}</p>}
      </div>
      <form role="search" className="adm-search" onSubmit={search}>
        <label htmlFor="adm-user-search" className="ad-visually-hidden">
          Search by email or name
        </label>
        <input id="adm-user-search" className="ad-input" type="search" placeholder="Email or name" value={draft} onChange={(event) => setDraft(event.target.value)} />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      <div className="adm-filters" role="group" aria-label="Filter users">
        <SelectField label="Plan" value={filters.plan} onChange={(event) => setFilter('plan', event.target.value)} options={[{ value: '', label: 'All plans' }, ...TIER_OPTIONS]} />
        <SelectField label="Status" value={filters.status} onChange={(event) => setFilter('status', event.target.value)} options={STATUS_OPTIONS} />
        <TextField label="Signed up from" type="date" value={filters.from} onChange={(event) => setFilter('from', event.target.value)} />
        <TextField label="Signed up to" type="date" value={filters.to} onChange={(event) => setFilter('to', event.target.value)} />
        <SelectField label="Sort" value={filters.sort} onChange={(event) => setFilter('sort', event.target.value)} options={SORT_OPTIONS} />
      </div>
      <LoadStates loaded={users} label="Users">
        {({ users: rows, total }) => {
          const filtered = FILTER_PARAMS.some((name) => name !== 'sort' && filters[name]);
          if (rows.length === 0) return <p className="adm-empty">{query.q ? `No users match “${query.q}”.` : filtered ? 'No users match these filters.' : 'No users yet.'}</p>;
          const creditsUser = rows.find((user) => user.id === creditsOf);
          const confirmingUser = rows.find((user) => user.id === confirming?.userId);
          // While another page's wallets load, the previous page's map says nothing about these users.
          const walletOf = (id: string) => (wallets.data && !wallets.loading ? (wallets.data.get(id) ?? null) : undefined);
          return (
            <>
              <div className="adm-table-scroll" role="region" aria-label="Users table" tabIndex={0}>
                <table className="adm-table adm-table--cards" aria-busy={users.loading}>
                  <thead>
                    <tr>
                      <th scope="col">User</th>
                      <th scope="col">Plan</th>
                      <th scope="col">Credits</th>
                      <th scope="col">Status</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((user) => (
                      <UserRow
                        key={user.id}
                        user={user}
                        wallet={walletOf(user.id)}
                        walletsFailed={wallets.error !== undefined}
                        isSelf={user.id === me?.id}
                        onChangePlan={() => setConfirming({ kind: 'plan', userId: user.id })}
                        onToggleSuspended={() => setConfirming({ kind: 'suspension', userId: user.id })}
                        onOpenCredits={() => setCreditsOf(user.id)}
                        onOpenCustomer={() => onOpen(user.id)}
                      />
                    ))}
                  </tbody>
                </table>
              </div>
              <Pagination
                label="Users pages"
                pageSize={USERS_PAGE_SIZE}
                offset={query.offset}
                shown={rows.length}
                total={total}
                onPage={(offset) => setQuery({ q: query.q, offset })}
              />
              {creditsUser && <CreditPanel key={creditsUser.id} user={creditsUser} wallet={walletOf(creditsUser.id)} onWallet={replaceWallet} onClose={() => setCreditsOf(null)} />}
              {confirmingUser && confirming?.kind === 'plan' && (
                <PlanChangeDialog
                  user={confirmingUser}
                  planCredits={walletOf(confirmingUser.id)?.creditsRemaining}
                  pending={busy}
                  onConfirm={(tier) => void update(confirmingUser, { subscriptionTier: tier }, ADMIN_ERRORS.userPlan)}
                  onCancel={() => setConfirming(null)}
                />
              )}
              {confirmingUser && confirming?.kind === 'suspension' && (
                <SuspensionDialog
                  user={confirmingUser}
                  pending={busy}
                  onConfirm={() => void update(confirmingUser, { isSuspended: !confirmingUser.isSuspended }, ADMIN_ERRORS.userStatus)}
                  onCancel={() => setConfirming(null)}
                />
              )}
            </>
          );
        }}
      </LoadStates>
    </section>
  );
}

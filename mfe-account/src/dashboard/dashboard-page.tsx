import './dashboard.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { TEAM_PATH, type UserProfile } from '@agentdock/contracts';
import { useSession } from '@agentdock/session';
import { Alert, Button, Container, EmailConfirmedNotice, ErrorState, LinkButton, PageHeader, Tabs, type TabItem } from '@agentdock/ui';
import { SignInPrompt } from '../sign-in-prompt';
import { DashboardErrorBoundary } from './dashboard-error-boundary';
import { DashboardSkeleton } from './dashboard-skeleton';
import { OverviewTab } from './overview-tab';
import { PaymentBanner } from './payment-banner';
import { PAYMENT_RETURN_PARAMS, readPaymentReturn, type PaymentReturn } from './payment-return';
import { errorMessage } from './source-error';
import { SubscriptionTab } from './subscription-tab';
import { UsageTab } from './usage-tab';
import { QueryProvider } from '@agentdock/ui/query';
import { OVERVIEW_SOURCES, useDashboardData } from './use-dashboard-data';
import { isFirstLoad } from './source-state';

type DashboardTab = 'overview' | 'usage' | 'subscription';

const TABS: ReadonlyArray<TabItem<DashboardTab>> = [
  { value: 'overview', label: 'Overview' },
  { value: 'subscription', label: 'Subscription' },
  { value: 'usage', label: 'Usage' },
];

export { SECOND_REFRESH_MS } from './use-dashboard-data';
export const REFRESH_FAILED = 'Failed to refresh data';

export default function DashboardPage() {
  const { status, user } = useSession();
  if (user) {
    return (
      <DashboardErrorBoundary>
        <QueryProvider key={user.id}>
          <Dashboard sessionUser={user} />
        </QueryProvider>
      </DashboardErrorBoundary>
    );
  }
  return (
    <>
      <PageHeader title="Dashboard" />
      <Container className="ad-section ad-section--flush-top">
        {status === 'loading' ? <DashboardSkeleton label="Loading your account…" /> : <SignInPrompt message="Please sign in to access your dashboard" />}
      </Container>
    </>
  );
}

function Dashboard({ sessionUser }: { sessionUser: UserProfile }) {
  const data = useDashboardData();
  const { sources, reload, refreshNowAndSoon, replaceProfile } = data;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: DashboardTab = asked === 'subscription' || asked === 'usage' ? asked : 'overview';
  const [banner, setBanner] = useState<PaymentReturn | null>(null);
  // Stable, so the success banner's 5 s timer is not restarted by every re-render.
  const dismissBanner = useCallback(() => setBanner(null), []);
  const [focusTab, setFocusTab] = useState<DashboardTab | null>(null);
  const tabs = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);

  // A return from the payment provider: show its banner, clear the query so a reload does not
  // show it again, and refresh the figures (the first render's load is the immediate refresh).
  const search = params.toString();
  useEffect(() => {
    const found = readPaymentReturn(new URLSearchParams(search));
    const isFirst = firstRender.current;
    firstRender.current = false;
    if (!found) return;
    setBanner(found);
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of PAYMENT_RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
    refreshNowAndSoon(!isFirst);
  }, [search, setParams, refreshNowAndSoon]);

  const selectTab = useCallback(
    (next: DashboardTab) =>
      setParams((previous) => {
        const nextParams = new URLSearchParams(previous);
        if (next !== 'overview') nextParams.set('tab', next);
        else nextParams.delete('tab');
        return nextParams;
      }),
    [setParams],
  );

  // Manage Subscription buttons sit far below the tabs: once the tab shows (the URL changes in a
  // transition, after this click), bring it into view and focus it.
  useEffect(() => {
    if (focusTab !== tab) return;
    setFocusTab(null);
    const selected = tabs.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    selected?.focus();
    selected?.scrollIntoView?.({ block: 'start' });
  }, [focusTab, tab]);
  const manageSubscription = () => {
    selectTab('subscription');
    setFocusTab('subscription');
  };

  // The session's profile changes only with a fresh answer from identity (a saved profile, a new
  // token): newer than the dashboard's own copy.
  const seenSessionUser = useRef(sessionUser);
  useEffect(() => {
    if (seenSessionUser.current === sessionUser) return;
    seenSessionUser.current = sessionUser;
    replaceProfile(sessionUser);
  }, [sessionUser, replaceProfile]);

  const profile = sources.profile.data ?? sessionUser;
  const overview = OVERVIEW_SOURCES.map((name) => sources[name]);
  const loading = overview.some(isFirstLoad);
  const everythingFailed = overview.every((source) => source.data === undefined && source.error !== undefined);
  const refreshing = Object.values(sources).some((source) => source.pending && !isFirstLoad(source));
  const stale = Object.values(sources).some((source) => source.data !== undefined && source.error !== undefined && !source.pending);

  return (
    <div className="acc-dash">
      <PageHeader title={`Welcome back, ${profile.fullName ?? profile.email}`} lead="Your credits, usage and subscription at a glance.">
        <div className="ad-row acc-dash__actions">
          <Button variant="secondary" onClick={() => void reload()} disabled={refreshing || loading} aria-busy={refreshing}>
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </Button>
          <LinkButton to={TEAM_PATH} variant="secondary">
            Team
          </LinkButton>
          <LinkButton to="/chat">Start Chat</LinkButton>
        </div>
      </PageHeader>
      <Container className="ad-section ad-section--flush-top acc-dash__body">
        <EmailConfirmedNotice />
        {banner && <PaymentBanner banner={banner} onDismiss={dismissBanner} />}
        {stale && !refreshing && <Alert variant="error">{REFRESH_FAILED}. The figures below may be out of date.</Alert>}
        {loading ? (
          <DashboardSkeleton label="Loading your dashboard…" />
        ) : everythingFailed ? (
          <ErrorState
            title="Error Loading Dashboard"
            message={errorMessage(sources.profile.error)}
            onRetry={() => void reload()}
            retryLabel={refreshing ? 'Trying again…' : 'Try Again'}
          />
        ) : (
          <div ref={tabs} aria-busy={refreshing}>
            <Tabs label="Dashboard" tabs={TABS} value={tab} onChange={selectTab}>
              {tab === 'overview' ? (
                <OverviewTab data={data} user={profile} onManageSubscription={manageSubscription} />
              ) : tab === 'usage' ? (
                <UsageTab />
              ) : (
                <SubscriptionTab data={data} tier={profile.subscriptionTier} onPlanChanged={() => refreshNowAndSoon(true)} />
              )}
            </Tabs>
          </div>
        )}
      </Container>
    </div>
  );
}

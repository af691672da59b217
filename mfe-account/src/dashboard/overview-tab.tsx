import { periodUsageTotal, SUBSCRIPTION_TIER_LABELS, type UserProfile } from '@agentdock/contracts';
import { Button, Card, LinkButton } from '@agentdock/ui';
import { CreditTopUp } from './credit-top-up';
import { formatCompact, formatCount, formatDate } from './format';
import { LearningCard } from './learning-card';
import { OverviewCards } from './overview-cards';
import { planSubscription } from './plan-choice';
import { ProfileForm } from './profile-form';
import { SourceContent } from './source-error';
import { type DashboardUsage, isTeamUsage, type TeamUsage } from './team-usage-summary';
import { UsageChart } from './usage-chart';
import { SecurityCard } from '../security/security-card';
import { API_KEYS_PATH } from '@agentdock/contracts';
import type { DashboardData } from './use-dashboard-data';

export const PROFILE_FAILED = 'Failed to load profile data';
export const USAGE_FAILED = 'Failed to load usage statistics';

interface OverviewTabProps {
  data: DashboardData;
  /** The profile to show: the identity service's latest answer, else the one the session holds. */
  user: UserProfile;
  onManageSubscription: () => void;
}

export function OverviewTab({ data: { sources, reload, replaceProfile }, user, onManageSubscription }: OverviewTabProps) {
  return (
    <div className="acc-overview">
      <OverviewCards
        tier={user.subscriptionTier}
        wallet={sources.wallet}
        onRetryWallet={() => void reload(['wallet'])}
        subscription={sources.subscriptions.data ? planSubscription(sources.subscriptions.data) : null}
      />

      <CreditTopUp />

      <LearningCard />

      <div className="acc-columns">
        <Card as="section" aria-labelledby="acc-usage-title">
          <h2 id="acc-usage-title" className="acc-card__title">
            Usage Statistics
          </h2>
          <SourceContent source={sources.usage} failedTitle={USAGE_FAILED} onRetry={() => void reload(['usage'])}>
            {(usage) => <UsageFigures usage={usage} />}
          </SourceContent>
        </Card>

        <Card as="section" aria-labelledby="acc-chart-title">
          <h2 id="acc-chart-title" className="acc-card__title">
            Credits Used per Day
          </h2>
          <p className="ad-muted acc-card__lead">Last 30 days</p>
          <SourceContent source={sources.usage} failedTitle={USAGE_FAILED} onRetry={() => void reload(['usage'])} skeletonLines={4}>
            {(usage) => <UsageChart daily={usage.daily} />}
          </SourceContent>
        </Card>
      </div>

      <div className="acc-columns">
        <Card as="section" aria-labelledby="acc-account-title">
          <h2 id="acc-account-title" className="acc-card__title">
            Account Information
          </h2>
          <SourceContent source={sources.profile} failedTitle={PROFILE_FAILED} onRetry={() => void reload(['profile'])}>
            {() => <AccountFigures user={user} onManageSubscription={onManageSubscription} />}
          </SourceContent>
        </Card>

        <Card as="section" aria-labelledby="acc-links-title">
          <h2 id="acc-links-title" className="acc-card__title">
            Quick Links
          </h2>
          <nav aria-labelledby="acc-links-title">
            <ul className="ad-plain-list acc-links">
              <li>
                <LinkButton to="/chat" variant="secondary" block>
                  Start Chat
                </LinkButton>
              </li>
              <li>
                <LinkButton to="/models" variant="secondary" block>
                  AI Agents
                </LinkButton>
              </li>
              <li>
                <Button variant="secondary" block onClick={onManageSubscription}>
                  Manage Subscription
                </Button>
              </li>
              <li>
                <LinkButton to={API_KEYS_PATH} variant="secondary" block>
                  API Keys
                </LinkButton>
              </li>
              <li>
                <LinkButton to="/courses" variant="secondary" block>
                  Learn AI
                </LinkButton>
              </li>
            </ul>
          </nav>
        </Card>
      </div>

      <ProfileForm user={user} onProfile={replaceProfile} />
      <SecurityCard />
    </div>
  );
}

function UsageFigures({ usage }: { usage: DashboardUsage }) {
  if (isTeamUsage(usage)) return <TeamUsageFigures usage={usage} />;
  const period = usage.thisPeriod;
  if (usage.messageCount === 0 && (!period || periodUsageTotal(period) === 0)) return <p className="ad-muted">No usage data available</p>;
  return (
    <dl className="acc-stats">
      {period && (
        <div>
          <dt>Used this month</dt>
          <dd data-testid="used-this-month">
            {formatCount(periodUsageTotal(period))}
            <span className="acc-stats__note" data-testid="used-this-month-parts">
              {`${formatCount(period.webCredits)} in chat · ${formatCount(period.apiCredits)} through the API`}
            </span>
          </dd>
        </div>
      )}
      <div>
        <dt>Total Messages</dt>
        <dd data-testid="total-messages">{formatCount(usage.messageCount)}</dd>
      </div>
      <div>
        <dt>Total Platform Credits Used</dt>
        <dd data-testid="total-credits-used">{formatCount(usage.totalCreditsUsed)}</dd>
      </div>
      <div>
        <dt>Avg Tokens per Message</dt>
        <dd data-testid="average-tokens">
          {formatCount(Math.round(usage.averageTokensPerMessage))}
          <span className="acc-stats__note">{formatCompact(usage.totalTokens)} tokens in total</span>
        </dd>
      </div>
    </dl>
  );
}

/** In a team's workspace: what the member spent of the pool since its period began. */
function TeamUsageFigures({ usage }: { usage: TeamUsage }) {
  if (usage.messageCount === 0 && usage.totalCreditsUsed === 0) return <p className="ad-muted">{`No usage from ${usage.team.name}’s credits yet this month`}</p>;
  return (
    <dl className="acc-stats" data-testid="team-usage-figures">
      <div>
        <dt>{`Your use of ${usage.team.name}’s credits`}</dt>
        <dd data-testid="used-this-month">
          {formatCount(usage.totalCreditsUsed)}
          <span className="acc-stats__note">{`since ${formatDate(usage.team.since)}`}</span>
        </dd>
      </div>
      <div>
        <dt>Messages</dt>
        <dd data-testid="total-messages">{formatCount(usage.messageCount)}</dd>
      </div>
    </dl>
  );
}

function AccountFigures({ user, onManageSubscription }: { user: UserProfile; onManageSubscription: () => void }) {
  return (
    <>
      <dl className="acc-details">
        <div>
          <dt>Email</dt>
          <dd className="acc-wrap">{user.email}</dd>
        </div>
        <div>
          <dt>Full Name</dt>
          <dd className="acc-wrap">{user.fullName ?? 'Not set'}</dd>
        </div>
        <div>
          <dt>Subscription Tier</dt>
          <dd>{SUBSCRIPTION_TIER_LABELS[user.subscriptionTier]}</dd>
        </div>
        <div>
          <dt>Member Since</dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </div>
      </dl>
      <div>
        <Button variant="secondary" onClick={onManageSubscription}>
          Manage Subscription
        </Button>
      </div>
    </>
  );
}

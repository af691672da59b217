import { CATALOG_ENDPOINTS, formatCreditCount, type Plan } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { formatPrice, LinkButton, signInHref } from '@agentdock/ui';
import { useEffect, useState } from 'react';

/** The locked chat for visitors: what a membership unlocks, three plans side by side, and sign-in. */
export function MembershipOverlay() {
  const client = useSessionClient();
  const [plans, setPlans] = useState<Plan[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    client.api
      .call(CATALOG_ENDPOINTS.plans, { signal: controller.signal })
      .then(({ plans: all }) => setPlans(all.filter((plan) => plan.isActive && !plan.customPrice).slice(0, 3)))
      .catch(() => setPlans([]));
    return () => controller.abort();
  }, [client]);

  return (
    <section className="chat-locked" aria-labelledby="chat-unlock-title">
      <div className="chat-locked__preview" aria-hidden="true">
        <div className="chat-bubble chat-bubble--assistant">How can I help you prepare for your next meeting?</div>
        <textarea className="chat-input" disabled placeholder="Type your message..." />
      </div>
      <div className="chat-locked__overlay">
        <h2 id="chat-unlock-title">Unlock Chat with a Membership</h2>
        <p>Chat with AI agents for meeting prep, brainstorming and more. Start free, upgrade any time.</p>
        <div className="chat-plans">
          {plans === null ? (
            <p className="chat-muted">Loading plans…</p>
          ) : (
            plans.map((plan) => (
              <div key={plan.id} className={`chat-plan${plan.highlight ? ' chat-plan--highlight' : ''}`}>
                <h3>{plan.name}</h3>
                <p className="chat-plan__price">
                  {/* The price, never the plan's name again ("Free / Free"). */}
                  {plan.monthly ? `${formatPrice(plan.monthly.amountMinor, plan.currency)}/month` : 'Contact us'}
                </p>
                <p>{plan.platformCreditsLimit === null ? 'Custom credits' : `${formatCreditCount(plan.platformCreditsLimit)} credits / month`}</p>
                <p>{plan.agentsIncluded === null ? 'Custom agents' : `${plan.agentsIncluded} agents`}</p>
              </div>
            ))
          )}
        </div>
        <div className="ad-row chat-locked__actions">
          <LinkButton to="/pricing">View Plans</LinkButton>
          <LinkButton to={signInHref('/chat')} variant="secondary">
            Sign In
          </LinkButton>
        </div>
      </div>
    </section>
  );
}

import { checkoutIntentOfPath, SUBSCRIPTION_TIER_LABELS, type SubscriptionTier, TEAM_INVITATION_PATH } from '@agentdock/contracts';
import { useLocation } from 'react-router-dom';
import { AuthScreen, loadViewOf } from './auth-screen';
import { SignUpView } from './views/sign-up-view';
import { returnPath } from './return-url';

/** The sign-up's lead: the plan chosen on the pricing page when there is one (it is checked out right after confirming). */
export function signUpLead(search: string): string {
  const next = returnPath(search);
  // An invitation's link survives the confirmation as the plan does: the emailed link lands back on it.
  if (next?.startsWith(`${TEAM_INVITATION_PATH}?`))
    return 'Create your account with the address the invitation was sent to: after you confirm it, you come back to the invitation to join the team.';
  const intent = checkoutIntentOfPath(next);
  if (!intent) return 'Start on the Free plan and upgrade whenever you are ready.';
  const name = SUBSCRIPTION_TIER_LABELS[intent.planId as SubscriptionTier] ?? intent.planId;
  return `Create your account to start the ${name} plan, billed ${intent.period === 'annual' ? 'annually' : 'monthly'}: after you confirm your email you go straight to its checkout.`;
}

export default function SignUpPage() {
  const { search } = useLocation();
  return <AuthScreen home="sign_up" HomeView={SignUpView} title="Create your account" lead={signUpLead(search)} />;
}

/** The view this address names (a reset, a magic link…), loaded before the page first renders. */
export const viewReady = () => loadViewOf(window.location.search, 'sign_up');

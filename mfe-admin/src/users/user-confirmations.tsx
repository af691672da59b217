import { useState } from 'react';
import type { SubscriptionTier, UserProfile } from '@agentdock/contracts';
import { ConfirmDialog } from '@agentdock/ui';
import { SelectField } from '../console/fields';
import { TIER_OPTIONS } from '../console/tier-options';
import { planChangeConsequence, reactivateConsequence, suspendConsequence } from './consequences';

/** How the dialogs name a customer. */
export const customerName = (user: UserProfile) => user.fullName ?? user.email;

export interface PlanChangeDialogProps {
  user: UserProfile;
  /** Their plan credits now, when their wallet is known. */
  planCredits?: number;
  pending: boolean;
  onConfirm: (tier: SubscriptionTier) => void;
  onCancel: () => void;
}

/** The plan to move a customer to, and what that does to them, before anything changes. */
export function PlanChangeDialog({ user, planCredits, pending, onConfirm, onCancel }: PlanChangeDialogProps) {
  const [tier, setTier] = useState<SubscriptionTier>(user.subscriptionTier);
  const who = customerName(user);
  const unchanged = tier === user.subscriptionTier;
  return (
    <ConfirmDialog
      title={`Change ${who}’s plan?`}
      description={
        <p aria-live="polite" data-testid="plan-change-consequence">
          {unchanged ? `Choose the plan to move ${who} to.` : planChangeConsequence({ who, from: user.subscriptionTier, to: tier, planCredits })}
        </p>
      }
      confirmLabel="Change plan"
      tone="primary"
      pending={pending}
      confirmDisabled={unchanged}
      onConfirm={() => onConfirm(tier)}
      onCancel={onCancel}
    >
      <SelectField label="New plan" value={tier} options={TIER_OPTIONS} onChange={(event) => setTier(event.target.value as SubscriptionTier)} />
    </ConfirmDialog>
  );
}

/** Suspending or reactivating, with what it does to the customer. */
export function SuspensionDialog({ user, pending, onConfirm, onCancel }: { user: UserProfile; pending: boolean; onConfirm: () => void; onCancel: () => void }) {
  const who = customerName(user);
  return user.isSuspended ? (
    <ConfirmDialog
      title={`Reactivate ${who}?`}
      description={<p>{reactivateConsequence(who, user.subscriptionTier)}</p>}
      confirmLabel="Reactivate"
      tone="primary"
      pending={pending}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  ) : (
    <ConfirmDialog title={`Suspend ${who}?`} description={<p>{suspendConsequence(who)}</p>} confirmLabel="Suspend" pending={pending} onConfirm={onConfirm} onCancel={onCancel} />
  );
}

import type { AdminAuditEntry } from '@agentdock/contracts';
import { auditSentence, targetName } from './audit-sentence';
import { fieldChanges } from './field-changes';

const entry = (overrides: Partial<AdminAuditEntry>): AdminAuditEntry => ({
  id: '5e1b7f4c-0000-4c2e-9a31-0d6f1b2c3d01',
  service: 'svc-catalog',
  actorId: 'admin-1',
  actorEmail: 'anna@example.com',
  action: 'plan.update',
  subjectUserId: null,
  target: 'plan:starter',
  before: null,
  after: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const sentence = (value: AdminAuditEntry, subject: string | null = null) =>
  auditSentence(value, { actor: 'Anna Admin', subject, changes: fieldChanges(value.before, value.after) });

describe('auditSentence', () => {
  it("says one changed field with both values, by the target's name", () => {
    const before = { name: 'Starter', currency: 'usd', monthly: { amountMinor: 5000, priceId: 'p1' } };
    const after = { ...before, monthly: { amountMinor: 4500, priceId: 'p2' } };
    expect(sentence(entry({ before, after }))).toBe("Anna Admin changed Starter's monthly price from $50 to $45");
  });

  it('lists the fields when several changed, and says edited when none visibly did', () => {
    const before = { name: 'Meeting Prep', description: 'Old', instructions: 'One' };
    const after = { name: 'Meeting Prep', description: 'New', instructions: 'Two' };
    expect(sentence(entry({ action: 'agent.update', target: 'agent:meeting-prep', before, after }))).toBe("Anna Admin changed Meeting Prep's description and instructions");
    expect(sentence(entry({ action: 'content.update', target: 'content:hero', before: { title: 'Hero' }, after: { title: 'Hero' } }))).toBe(
      'Anna Admin edited the page section Hero',
    );
    const section = entry({
      action: 'content.update',
      target: 'content:c1',
      before: { title: 'Plans for business', format: 'markdown' },
      after: { title: 'Plans for business', format: 'html' },
    });
    expect(sentence(section)).toBe('Anna Admin changed Plans for business\'s format from "markdown" to "html"');
  });

  it('speaks of users by their name and of tiers by their labels', () => {
    const tier = entry({
      action: 'user.tier_change',
      target: 'user:u1',
      subjectUserId: 'u1',
      before: { subscriptionTier: 'starter' },
      after: { subscriptionTier: 'professional' },
    });
    expect(sentence(tier, 'Ben Buyer')).toBe('Anna Admin moved Ben Buyer from the Starter plan to the Pro plan');
    const adjust = entry({
      action: 'chat.wallet.adjust',
      target: 'wallet:u1',
      subjectUserId: 'u1',
      before: { creditsRemaining: 50000, reason: 'Goodwill' },
      after: { creditsRemaining: 52500 },
    });
    expect(sentence(adjust, 'Ben Buyer')).toBe('Anna Admin adjusted the credits of Ben Buyer: "Goodwill"');
    expect(fieldChanges(adjust.before, adjust.after).map((change) => change.label)).toEqual(['credits remaining']);
    expect(sentence(entry({ action: 'user.suspend', target: 'user:u1', subjectUserId: 'u1' }), 'Ben Buyer')).toBe('Anna Admin suspended Ben Buyer');
  });

  it('names a created or deleted thing, falling back to its key when the entry holds no name', () => {
    expect(sentence(entry({ action: 'plan.create', after: { name: 'Team' } }))).toBe('Anna Admin created the plan Team');
    expect(sentence(entry({ action: 'plan.delete', before: { name: 'Legacy' } }))).toBe('Anna Admin deleted the plan Legacy');
    expect(targetName(entry({ target: 'course:ai-fundamentals' }))).toBe('ai-fundamentals');
  });
});

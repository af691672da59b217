import { applySnapshot, isProviderStatus, type StoredSubscription, type SubscriptionSnapshot } from './subscription-machine';

const DAY = 86_400;
const T0 = 1_800_000_000;
const MONTH = 30 * DAY;

const snapshot = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_1',
  userId: '00000000-0000-4000-8000-000000000001',
  product: { kind: 'plan', tier: 'starter' },
  status: 'active',
  currentPeriodStart: T0,
  currentPeriodEnd: T0 + MONTH,
  cancelAtPeriodEnd: false,
  observedAt: T0,
  team: null,
  trial: null,
  ...overrides,
});

/** Applies snapshots in order and collects every effect type. */
function run(snapshots: SubscriptionSnapshot[], now = T0): { state: StoredSubscription | null; effects: string[] } {
  let state: StoredSubscription | null = null;
  const effects: string[] = [];
  for (const item of snapshots) {
    const transition = applySnapshot(state, item, now);
    state = transition.next;
    effects.push(...transition.effects.map((effect) => effect.type));
  }
  return { state, effects };
}

describe('subscription state machine', () => {
  it('grants a plan once on the first active snapshot, however often it is replayed', () => {
    const active = snapshot();
    expect(run(Array.from({ length: 10 }, () => active)).effects).toEqual(['activated']);
  });

  it('does not grant while the first payment is incomplete', () => {
    expect(run([snapshot({ status: 'incomplete' })]).effects).toEqual([]);
    expect(run([snapshot({ status: 'incomplete' }), snapshot({ status: 'incomplete_expired', observedAt: T0 + 1 })]).effects).toEqual([]);
  });

  it('converges when an older snapshot arrives after a newer one', () => {
    const newer = snapshot({ observedAt: T0 + 10, cancelAtPeriodEnd: true });
    const older = snapshot({ observedAt: T0, status: 'incomplete' });
    const outOfOrder = run([newer, older]);
    const inOrder = run([older, newer]);
    expect(outOfOrder.state).toEqual(inOrder.state);
    expect(outOfOrder.effects).toEqual(['activated']);
    expect(outOfOrder.state?.cancelAtPeriodEnd).toBe(true);
  });

  it('renews when a paid period starts, and a replay of it does not renew twice', () => {
    const renewal = snapshot({ currentPeriodStart: T0 + MONTH, currentPeriodEnd: T0 + 2 * MONTH, observedAt: T0 + MONTH });
    expect(run([snapshot(), renewal, renewal]).effects).toEqual(['activated', 'renewed']);
  });

  it('reports an upgrade as a plan change, not a new activation', () => {
    const upgraded = snapshot({ product: { kind: 'plan', tier: 'professional' }, observedAt: T0 + 5 });
    const transition = applySnapshot(run([snapshot()]).state, upgraded, T0 + 5);
    expect(transition.effects).toEqual([{ type: 'plan-changed', previousTier: 'starter' }]);
  });

  it('reports a billing period restarted by a change of price (monthly to annual) as a plan change, never a renewal', () => {
    const annual = snapshot({ currentPeriodStart: T0 + 10 * DAY, currentPeriodEnd: T0 + 10 * DAY + 365 * DAY, observedAt: T0 + 10 * DAY });
    expect(applySnapshot(run([snapshot()]).state, annual, T0 + 10 * DAY).effects).toEqual([{ type: 'plan-changed', previousTier: 'starter' }]);
    const annualPro = { ...annual, product: { kind: 'plan' as const, tier: 'professional' as const } };
    expect(applySnapshot(run([snapshot()]).state, annualPro, T0 + 10 * DAY).effects).toEqual([{ type: 'plan-changed', previousTier: 'starter' }]);
    // Switched within the second the subscription started: only the period's end moved.
    const sameSecond = snapshot({ currentPeriodEnd: T0 + 365 * DAY, observedAt: T0 });
    expect(applySnapshot(run([snapshot()]).state, sameSecond, T0).effects).toEqual([{ type: 'plan-changed', previousTier: 'starter' }]);
  });

  it('renews and changes plan when a new period starts on another plan', () => {
    const renewedAsPro = snapshot({ product: { kind: 'plan', tier: 'professional' }, currentPeriodStart: T0 + MONTH, currentPeriodEnd: T0 + 2 * MONTH, observedAt: T0 + MONTH });
    expect(run([snapshot(), renewedAsPro]).effects).toEqual(['activated', 'plan-changed', 'renewed']);
  });

  it('starts a grace period on a failed renewal, once, and restores the normal state when paid', () => {
    const pastDue = snapshot({ status: 'past_due', currentPeriodStart: T0 + MONTH, currentPeriodEnd: T0 + 2 * MONTH, observedAt: T0 + MONTH });
    const started = run([snapshot()]).state;
    const failed = applySnapshot(started, pastDue, T0 + MONTH, 7);
    expect(failed.effects).toEqual([{ type: 'past-due', graceEndsAt: T0 + MONTH + 7 * DAY }]);
    expect(failed.next.granted).toBe(true);
    expect(applySnapshot(failed.next, { ...pastDue, observedAt: T0 + MONTH + 60 }, T0 + MONTH + 60).effects).toEqual([]);

    const paid = applySnapshot(failed.next, { ...pastDue, status: 'active', observedAt: T0 + MONTH + DAY }, T0 + MONTH + DAY);
    expect(paid.effects).toEqual([]);
    expect(paid.next).toMatchObject({ granted: true, graceEndsAt: null, status: 'active' });
  });

  it('moves the user to free, as unpaid, when the provider ends a past-due subscription', () => {
    const started = run([snapshot()]).state;
    const pastDue = applySnapshot(started, snapshot({ status: 'past_due', observedAt: T0 + MONTH }), T0 + MONTH, 7).next;
    const ended = applySnapshot(pastDue, snapshot({ status: 'canceled', observedAt: T0 + MONTH + 7 * DAY }), T0 + MONTH + 7 * DAY);
    expect(ended.effects).toEqual([{ type: 'canceled', reason: 'unpaid' }]);
    expect(ended.next).toMatchObject({ granted: false, graceEndsAt: null });
    // A replay of the end, or a late older snapshot, changes nothing.
    expect(applySnapshot(ended.next, snapshot({ status: 'canceled', observedAt: T0 + MONTH + 8 * DAY }), T0).effects).toEqual([]);
    expect(applySnapshot(ended.next, snapshot({ status: 'past_due', observedAt: T0 + MONTH }), T0).effects).toEqual([]);
  });

  it('cancels at period end: nothing is revoked until the provider ends the subscription', () => {
    const scheduled = snapshot({ cancelAtPeriodEnd: true, observedAt: T0 + 1 });
    const ended = snapshot({ status: 'canceled', cancelAtPeriodEnd: true, observedAt: T0 + MONTH });
    expect(run([snapshot(), scheduled]).effects).toEqual(['activated']);
    expect(run([snapshot(), scheduled, ended, ended]).effects).toEqual(['activated', 'canceled']);
  });

  it('grants and revokes a course enrolment', () => {
    const course = { kind: 'course', courseId: 'ai-fundamentals' } as const;
    const effects = run([
      snapshot({ product: course }),
      snapshot({ product: course, currentPeriodStart: T0 + MONTH, observedAt: T0 + MONTH }),
      snapshot({ product: course, status: 'canceled', observedAt: T0 + 2 * MONTH }),
    ]).effects;
    expect(effects).toEqual(['course-granted', 'course-revoked']);
  });
});

describe('subscription state machine at its edges', () => {
  it('knows the provider statuses it reduces, and nothing else', () => {
    expect(['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'].every(isProviderStatus)).toBe(true);
    expect(isProviderStatus('bogus')).toBe(false);
  });

  it('grants on a trial like on a paid period', () => {
    expect(run([snapshot({ status: 'trialing' })]).effects).toEqual(['activated']);
  });

  it('grants nothing and starts no grace when the first thing heard is a failed payment', () => {
    const { state, effects } = run([snapshot({ status: 'past_due' })]);
    expect(effects).toEqual([]);
    expect(state).toMatchObject({ granted: false, graceEndsAt: null });
  });

  it('reports no plan change for a subscription never granted, while its payment keeps failing', () => {
    const repriced = snapshot({ status: 'past_due', product: { kind: 'plan', tier: 'professional' }, currentPeriodEnd: T0 + 365 * DAY, observedAt: T0 + 1 });
    expect(run([snapshot({ status: 'past_due' }), repriced]).effects).toEqual([]);
  });

  it('takes a period whose start alone moved, short of the paid end, as restarted: a plan change, not a renewal', () => {
    const restarted = snapshot({ currentPeriodStart: T0 + 10 * DAY, observedAt: T0 + 10 * DAY });
    expect(applySnapshot(run([snapshot()]).state, restarted, T0 + 10 * DAY).effects).toEqual([{ type: 'plan-changed', previousTier: 'starter' }]);
  });

  it('renews only a period that starts later than the stored one: a replay never renews, even of a period that ends where it starts', () => {
    const instant = snapshot({ currentPeriodEnd: T0 });
    expect(run([instant, { ...instant, observedAt: T0 + 1 }]).effects).toEqual(['activated']);
  });

  it('applies a snapshot observed in the same second as the stored one', () => {
    expect(run([snapshot(), snapshot({ status: 'canceled' })]).effects).toEqual(['activated', 'canceled']);
  });

  it('gives the reason an access ended: canceled, or unpaid after a failed renewal', () => {
    const reasons = (...statuses: SubscriptionSnapshot['status'][]) => {
      let state: StoredSubscription | null = null;
      const ended: unknown[] = [];
      statuses.forEach((status, index) => {
        const transition = applySnapshot(state, snapshot({ status, observedAt: T0 + index }), T0);
        state = transition.next;
        ended.push(...transition.effects.filter((effect) => effect.type === 'canceled'));
      });
      return ended;
    };
    expect(reasons('active', 'canceled')).toEqual([{ type: 'canceled', reason: 'canceled' }]);
    expect(reasons('active', 'incomplete_expired')).toEqual([{ type: 'canceled', reason: 'canceled' }]);
    expect(reasons('active', 'unpaid')).toEqual([{ type: 'canceled', reason: 'unpaid' }]);
    expect(reasons('active', 'past_due', 'canceled')).toEqual([{ type: 'canceled', reason: 'unpaid' }]);
    // Nothing was granted, so nothing is taken back.
    expect(reasons('incomplete', 'canceled')).toEqual([]);
  });

  it('revokes a course, not a plan, when a course subscription ends', () => {
    const course = { kind: 'course', courseId: 'ai-fundamentals' } as const;
    expect(run([snapshot({ product: course }), snapshot({ product: course, status: 'canceled', observedAt: T0 + 1 })]).effects).toEqual(['course-granted', 'course-revoked']);
  });
});

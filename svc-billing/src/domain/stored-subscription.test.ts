import { AppError } from '@agentdock/service-kit';
import { z } from 'zod';
import { readStoredSubscription, STORED_SUBSCRIPTION_VERSION, storedSubscriptionRecord, UnreadableSubscriptionStateError } from './stored-subscription';
import { applySnapshot, type StoredSubscription } from './subscription-machine';

const T0 = 1_800_000_000;

const machineRecord: StoredSubscription = {
  id: 'sub_1',
  userId: '00000000-0000-4000-8000-000000000001',
  product: { kind: 'plan', tier: 'starter' },
  status: 'past_due',
  currentPeriodStart: T0,
  currentPeriodEnd: T0 + 30 * 86_400,
  cancelAtPeriodEnd: false,
  observedAt: T0 + 5,
  granted: true,
  graceEndsAt: T0 + 7 * 86_400,
  team: null,
  trial: null,
};

/** What the column holds after a JSON round trip, as the database hands it back. */
const stored = (state: unknown) => ({ id: 'sub_1', state: JSON.parse(JSON.stringify(state)) as unknown });

function unreadable(state: unknown): UnreadableSubscriptionStateError {
  try {
    readStoredSubscription(stored(state));
  } catch (error) {
    if (error instanceof UnreadableSubscriptionStateError) return error;
    throw error;
  }
  throw new Error('the state was read');
}

describe('the stored subscription record', () => {
  it('is written with the current version, and read back as it was written', () => {
    const record = storedSubscriptionRecord(machineRecord);
    expect(record).toEqual({ version: STORED_SUBSCRIPTION_VERSION, ...machineRecord });
    expect(readStoredSubscription(stored(record))).toEqual(record);
  });

  it('writes only the record’s fields, whatever else the object carries', () => {
    const withExtra = { ...machineRecord, extra: 'not stored' };
    const record = storedSubscriptionRecord(withExtra);
    expect(record).not.toHaveProperty('extra');
  });

  it('upgrades a row written before the record had a version (the machine’s record as it was stored then)', () => {
    const { next } = applySnapshot(null, { ...machineRecord, status: 'active' }, T0);
    const { team: _none, trial: _noTrial, ...unversioned } = next;
    expect(readStoredSubscription(stored(unversioned))).toEqual({ version: 3, ...next, team: null, trial: null });
    const { team: _noTeam, trial: _notTrialing, ...person } = machineRecord;
    const course = { ...person, product: { kind: 'course', courseId: 'growth' }, graceEndsAt: null };
    expect(readStoredSubscription(stored(course))).toEqual({ version: 3, ...course, team: null, trial: null });
  });

  it('upgrades a version-1 record (written before teams) to a person’s subscription', () => {
    const { team: _none, trial: _noTrial, ...person } = machineRecord;
    expect(readStoredSubscription(stored({ version: 1, ...person }))).toEqual({ version: 3, ...machineRecord });
  });

  it('keeps a team’s organisation and seats', () => {
    const team = { ...machineRecord, team: { organisationId: '00000000-0000-4000-8000-0000000000aa', seats: 7 } };
    expect(readStoredSubscription(stored(storedSubscriptionRecord(team)))).toEqual({ version: 3, ...team });
    expect(unreadable({ ...storedSubscriptionRecord(team), team: { organisationId: 'x', seats: -1 } }).message).toContain('team.seats');
  });

  it('upgrades a version-2 record (written before trials were kept) to one without a trial, and keeps a trial', () => {
    const { trial: _none, ...withoutTrial } = storedSubscriptionRecord(machineRecord);
    expect(readStoredSubscription(stored({ ...withoutTrial, version: 2 }))).toEqual({ version: 3, ...machineRecord });
    const trialing = { ...machineRecord, status: 'trialing' as const, trial: { endsAt: T0 + 14 * 86_400, cardOnFile: false, firstCharge: 4_000 } };
    expect(readStoredSubscription(stored(storedSubscriptionRecord(trialing)))).toEqual({ version: 3, ...trialing });
    expect(unreadable({ ...storedSubscriptionRecord(trialing), trial: { ...trialing.trial, cardOnFile: 'no' } }).message).toContain('trial.cardOnFile');
  });

  it('refuses a row missing a field, naming the row and the field', () => {
    const { currentPeriodEnd: _missing, ...withoutPeriodEnd } = machineRecord;
    const error = unreadable(withoutPeriodEnd);
    expect(error.subscriptionId).toBe('sub_1');
    expect(error.message).toContain('subscription sub_1');
    expect(error.message).toContain('currentPeriodEnd');
    expect(unreadable({ ...storedSubscriptionRecord(machineRecord), granted: 'yes' }).problems).toEqual([expect.stringMatching(/^granted: /)]);
  });

  it('refuses garbage: not an object, an unknown product, an unknown status', () => {
    for (const garbage of [null, 'active', 42, [], {}]) expect(unreadable(garbage)).toBeInstanceOf(UnreadableSubscriptionStateError);
    expect(unreadable({ ...machineRecord, product: { kind: 'plan', tier: 'enterprise' } }).message).toContain('product.tier');
    expect(unreadable({ ...machineRecord, product: { kind: 'gift' } }).message).toContain('product.kind');
    expect(unreadable({ ...machineRecord, status: 'lapsed' }).message).toContain('status');
  });

  it('refuses a record of a version it does not know (written by a newer billing) instead of reading it as an old one', () => {
    const error = unreadable({ ...storedSubscriptionRecord(machineRecord), version: 4 });
    expect(error.storedVersion).toBe(4);
    expect(error.message).toContain('record version 4');
    expect(unreadable({ ...machineRecord, version: '1' }).storedVersion).toBe('1');
  });

  it('is neither a client error nor a validation error: the error handler answers 500 and logs it', () => {
    expect(unreadable(null)).not.toBeInstanceOf(AppError);
    expect(unreadable(null)).not.toBeInstanceOf(z.ZodError);
  });
});

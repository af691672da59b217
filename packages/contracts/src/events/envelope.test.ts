import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { anyEventEnvelope, defineEvent } from './envelope';

const counted = defineEvent('test.counter.incremented', 2, z.object({ by: z.number().int() }));
const envelopeOf = (fields: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  type: 'test.counter.incremented',
  version: 2,
  occurredAt: '2026-11-23T10:00:00.000Z',
  source: 'svc-test',
  data: { by: 3 },
  ...fields,
});

describe('event definitions', () => {
  it('puts the type and version into a subject under the shared prefix', () => {
    expect(counted.subject).toBe('agentdock.test.counter.incremented.v2');
    expect(counted.type).toBe('test.counter.incremented');
    expect(counted.version).toBe(2);
  });

  it('accepts an envelope of its own type, version and payload', () => {
    const envelope = envelopeOf();
    expect(counted.envelope.parse(envelope)).toEqual(envelope);
  });

  it.each([
    ['another type', { type: 'test.counter.reset' }],
    ['another version', { version: 1 }],
    ['a payload outside its contract', { data: { by: 1.5 } }],
    ['an id that is not a UUID', { id: 'event-1' }],
    ['a time that is not ISO 8601', { occurredAt: 'yesterday' }],
    ['no source', { source: '' }],
  ])('refuses an envelope with %s', (_case, fields) => {
    expect(counted.envelope.safeParse(envelopeOf(fields)).success).toBe(false);
  });

  it('lets the generic envelope carry any type, version and payload, as consumers of every event see them', () => {
    expect(anyEventEnvelope.safeParse(envelopeOf({ type: 'x.y', version: 7, data: ['anything'] })).success).toBe(true);
    expect(anyEventEnvelope.safeParse(envelopeOf({ version: 0 })).success).toBe(false);
    expect(anyEventEnvelope.safeParse(envelopeOf({ type: '' })).success).toBe(false);
  });
});

import { planCreateFixture } from '@agentdock/contracts/testing';
import { randomUUID } from 'node:crypto';
import { type EventEnvelope, planChangedV1 } from '@agentdock/contracts';
import { eventually } from '@agentdock/service-kit/testing';
import { CatalogHarness } from '../svc-catalog/test/harness';
import { PrivateNats } from './support/processes';

// NATS stopped and started again while a service publishes: the outbox keeps what was written
// while the bus was away and relays it once it is back; publish de-duplication by event id keeps
// a retried publish from being delivered as a second event.

const PER_PHASE = 15;

describe('NATS restarted while events flow', () => {
  let nats: PrivateNats;
  let catalog: CatalogHarness;
  const delivered: EventEnvelope[] = [];

  beforeAll(async () => {
    nats = await PrivateNats.start();
    process.env.TEST_NATS_URL = nats.url;
    catalog = await CatalogHarness.start();
    await catalog.bus.bus.subscribe({ durable: 'faults-plans', subject: planChangedV1.subject, handler: async (envelope) => void delivered.push(envelope) });
  });
  afterAll(async () => {
    await catalog?.close();
    await nats?.destroy();
    delete process.env.TEST_NATS_URL;
  });

  it('loses no event and delivers none twice', async () => {
    const admin = await catalog.user({ admin: true });
    const created: string[] = [];
    const createPlans = async () => {
      for (let index = 0; index < PER_PHASE; index += 1) {
        const id = `fault-${randomUUID().slice(0, 8)}`;
        const response = await fetch(`${catalog.url}/api/catalog/admin/plans`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...admin.auth },
          body: JSON.stringify(planCreateFixture({ id, sortOrder: 9 })),
        });
        expect(response.status).toBe(201);
        created.push(id);
      }
    };
    await createPlans();
    await nats.stop();
    // Writes go on while the bus is down: they are acknowledged from the outbox.
    await createPlans();
    await nats.restart();
    await createPlans();

    const planIds = () => delivered.map((envelope) => planChangedV1.envelope.parse(envelope).data.plan.id);
    await eventually(async () => created.every((id) => planIds().includes(id)), 60_000);
    // Give late redeliveries or duplicate publishes a moment to show up.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const eventIdsPerPlan = new Map<string, Set<string>>();
    for (const envelope of delivered) {
      const id = planChangedV1.envelope.parse(envelope).data.plan.id;
      eventIdsPerPlan.set(id, (eventIdsPerPlan.get(id) ?? new Set()).add(envelope.id));
    }
    const lost = created.filter((id) => !eventIdsPerPlan.has(id));
    const twice = created.filter((id) => (eventIdsPerPlan.get(id)?.size ?? 0) > 1);
    const redelivered = delivered.length - new Set(delivered.map((envelope) => envelope.id)).size;
    console.info(
      `NATS restart: ${created.length} acknowledged writes, ${delivered.length} deliveries, ${lost.length} lost, ${twice.length} published twice, ${redelivered} redelivered`,
    );
    expect({ lost, twice, redelivered }).toEqual({ lost: [], twice: [], redelivered: 0 });
  });
});

import { randomUUID } from 'node:crypto';
import { type EventDefinition, userReactivatedV1, userSuspendedV1 } from '@agentdock/contracts';
import request from 'supertest';
import type { z } from 'zod';
import { createTestIssuer, eventually, testLogger } from '@agentdock/service-kit/testing';
import { getAuth, requireAuth } from '@agentdock/service-kit';
import { suspendedUsers } from '../db/kit-schema';
import type { ServiceDefinition } from '../service';
import { createTestBus, startTestService, type TestBus, type TestService } from '../testing';
import { SuspendedUsers } from './suspension';

// A minimal service: whatever the kit gives every service, plus one guarded route.
const minimalService: ServiceDefinition<Record<string, never>> = {
  name: 'svc-minimal',
  defaultPort: 0,
  schema: {},
  migrationsFolder: '',
  mount(app, context) {
    app.get('/api/minimal/me', requireAuth(context.verifier), (req, res) => {
      res.json({ sub: getAuth(req).sub });
    });
  },
};

function envelope<TData extends z.ZodType>(event: EventDefinition<string, TData>, data: z.infer<TData>, occurredAt = new Date()) {
  return { id: randomUUID(), type: event.type, version: event.version, occurredAt: occurredAt.toISOString(), source: 'svc-identity', data };
}

describe(`suspension in every service (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let bus: TestBus;
  let issuer: Awaited<ReturnType<typeof createTestIssuer>>;
  let service: TestService<Record<string, never>>;

  beforeAll(async () => {
    bus = await createTestBus();
    issuer = await createTestIssuer();
    service = await startTestService(minimalService, { bus: bus.bus, jwksUrl: issuer.jwksUrl });
  });
  afterAll(async () => {
    await service.cleanup();
    await issuer.close();
    await bus.destroy();
  });

  const callAs = async (userId: string) =>
    request(service.url)
      .get('/api/minimal/me')
      .set('authorization', `Bearer ${await issuer.issue({ sub: userId, email: 'someone@example.com' })}`);

  it('refuses a suspended user’s valid token after the event, and accepts it again after reactivation', async () => {
    const userId = randomUUID();
    const bystander = randomUUID();
    expect((await callAs(userId)).status).toBe(200);

    await bus.bus.publish(userSuspendedV1.subject, envelope(userSuspendedV1, { userId }));
    const refused = await eventually(async () => {
      const response = await callAs(userId);
      return response.status === 403 && response;
    });
    expect(refused.body.error).toMatchObject({ code: 'account_suspended', message: 'Your account has been suspended. Please contact support.' });
    expect((await callAs(bystander)).status).toBe(200);

    await bus.bus.publish(userReactivatedV1.subject, envelope(userReactivatedV1, { userId }));
    await eventually(async () => (await callAs(userId)).status === 200);
  });

  it('keeps the newer change when an older event arrives late', async () => {
    const userId = randomUUID();
    const now = Date.now();
    await bus.bus.publish(userReactivatedV1.subject, envelope(userReactivatedV1, { userId }, new Date(now)));
    await bus.bus.publish(userSuspendedV1.subject, envelope(userSuspendedV1, { userId }, new Date(now - 60_000)));
    await eventually(async () => (await service.context.db.select().from(suspendedUsers)).some((row) => row.userId === userId));
    // Both events are applied (the ledger has them), yet the later reactivation stands.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await callAs(userId)).status).toBe(200);
  });

  it('keeps suspensions in its own table, so a restarted replica loads them', async () => {
    const userId = randomUUID();
    await bus.bus.publish(userSuspendedV1.subject, envelope(userSuspendedV1, { userId }));
    await eventually(async () => (await callAs(userId)).status === 403);
    const restarted = new SuspendedUsers(service.context.db, testLogger());
    expect(restarted.has(userId)).toBe(false);
    await restarted.load();
    expect(restarted.has(userId)).toBe(true);
  });
});

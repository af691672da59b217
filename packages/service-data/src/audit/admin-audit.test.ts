import { randomUUID } from 'node:crypto';
import { adminAuditList } from '@agentdock/contracts';
import request from 'supertest';
import { z } from 'zod';
import { getAuth, requireAdmin } from '@agentdock/service-kit';
import { createTestIssuer } from '@agentdock/service-kit/testing';
import { adminAudit } from '../db/kit-schema';
import type { ServiceDefinition } from '../service';
import { createTestBus, startTestService, type TestBus, type TestService } from '../testing';
import { recordAdminAction } from './admin-audit';

const renameBody = z.object({ name: z.string(), subjectUserId: z.string().optional(), target: z.string().optional(), fail: z.boolean().optional() });

// A minimal service with one admin action that records itself, and can fail after recording.
const auditedService: ServiceDefinition<Record<string, never>> = {
  name: 'svc-audited',
  defaultPort: 0,
  schema: {},
  migrationsFolder: '',
  mount(app, context) {
    app.post('/api/audited/admin/rename', requireAdmin(context.verifier), async (req, res) => {
      const claims = getAuth(req);
      const body = renameBody.parse(req.body);
      await context.transaction(async (tx) => {
        await recordAdminAction(tx, {
          actor: { id: claims.sub, email: claims.email },
          action: 'thing.rename',
          subjectUserId: body.subjectUserId,
          target: body.target ?? 'thing:1',
          before: { name: 'old' },
          after: { name: body.name },
        });
        if (body.fail) throw new Error('the change failed after its audit entry was written');
      });
      res.status(204).end();
    });
  },
};

describe(`admin audit in every service (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let bus: TestBus;
  let issuer: Awaited<ReturnType<typeof createTestIssuer>>;
  let service: TestService<Record<string, never>>;
  const adminA = { sub: randomUUID(), email: 'a-admin@example.com', admin: true };
  const adminB = { sub: randomUUID(), email: 'b-admin@example.com', admin: true };

  beforeAll(async () => {
    bus = await createTestBus();
    issuer = await createTestIssuer();
    service = await startTestService(auditedService, { bus: bus.bus, jwksUrl: issuer.jwksUrl });
  });
  afterAll(async () => {
    await service.cleanup();
    await issuer.close();
    await bus.destroy();
  });

  const rename = async (admin: typeof adminA, body: z.input<typeof renameBody>) =>
    request(service.url)
      .post('/api/audited/admin/rename')
      .set('authorization', `Bearer ${await issuer.issue(admin)}`)
      .send(body);
  const audit = async (query: Record<string, string> = {}, claims: { sub: string; email: string; admin?: boolean } = adminA) =>
    request(service.url)
      .get('/api/audited/admin/audit')
      .query(query)
      .set('authorization', `Bearer ${await issuer.issue(claims)}`);

  it('serves entries newest first with before/after, filters by admin, user and action, and pages by cursor', async () => {
    const user = randomUUID();
    expect((await rename(adminA, { name: 'one' })).status).toBe(204);
    expect((await rename(adminB, { name: 'two', subjectUserId: user })).status).toBe(204);
    expect((await rename(adminA, { name: 'three', subjectUserId: user })).status).toBe(204);

    const all = await audit();
    expect(all.status).toBe(200);
    const list = adminAuditList.parse(all.body);
    expect(list.entries.map((entry) => entry.after)).toEqual([{ name: 'three' }, { name: 'two' }, { name: 'one' }]);
    expect(list.entries[0]).toMatchObject({
      service: 'svc-audited',
      actorId: adminA.sub,
      actorEmail: adminA.email,
      action: 'thing.rename',
      subjectUserId: user,
      target: 'thing:1',
      before: { name: 'old' },
    });
    expect(list.nextCursor).toBeNull();

    expect(adminAuditList.parse((await audit({ admin: adminA.sub })).body).entries.map((entry) => entry.after)).toEqual([{ name: 'three' }, { name: 'one' }]);
    expect(adminAuditList.parse((await audit({ user })).body).entries.map((entry) => entry.after)).toEqual([{ name: 'three' }, { name: 'two' }]);
    expect((await audit({ action: 'other.action' })).body.entries).toEqual([]);

    const first = adminAuditList.parse((await audit({ limit: '2' })).body);
    expect(first.entries.map((entry) => entry.after)).toEqual([{ name: 'three' }, { name: 'two' }]);
    expect(first.nextCursor).not.toBeNull();
    const second = adminAuditList.parse((await audit({ limit: '2', cursor: first.nextCursor ?? '' })).body);
    expect(second.entries.map((entry) => entry.after)).toEqual([{ name: 'one' }]);
    expect(second.nextCursor).toBeNull();
  });

  it('filters by one target or a kind of target (its wildcards taken literally) and by whole UTC days', async () => {
    expect((await rename(adminA, { name: 'gadget', target: 'gadget:7' })).status).toBe(204);
    expect((await rename(adminA, { name: 'gadget_x', target: 'gadget_x:1' })).status).toBe(204);
    const names = async (query: Record<string, string>) => adminAuditList.parse((await audit(query)).body).entries.map((entry) => entry.after);
    expect(await names({ target: 'gadget:7' })).toEqual([{ name: 'gadget' }]);
    expect(await names({ target: 'gadget' })).toEqual([{ name: 'gadget' }]);
    expect(await names({ target: 'gadget_x' })).toEqual([{ name: 'gadget_x' }]);
    expect(await names({ target: 'gadge%' })).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await names({ target: 'gadget', from: yesterday, to: today })).toEqual([{ name: 'gadget' }]);
    expect(await names({ target: 'gadget', from: tomorrow })).toEqual([]);
    expect(await names({ target: 'gadget', to: yesterday })).toEqual([]);
  });

  it('rolls the entry back with the change it describes', async () => {
    const before = await service.context.db.select().from(adminAudit);
    expect((await rename(adminA, { name: 'never', fail: true })).status).toBe(500);
    expect(await service.context.db.select().from(adminAudit)).toHaveLength(before.length);
  });

  it('answers 401 anonymous, 403 non-admin, 400 with field messages for a bad query', async () => {
    expect((await request(service.url).get('/api/audited/admin/audit')).status).toBe(401);
    expect((await audit({}, { sub: randomUUID(), email: 'user@example.com' })).status).toBe(403);
    const badLimit = await audit({ limit: '0' });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.error.fields).toEqual([expect.objectContaining({ path: 'limit' })]);
    const badCursor = await audit({ cursor: 'not-a-cursor' });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.error.fields).toEqual([{ path: 'cursor', message: 'Unknown cursor' }]);
    const backwards = await audit({ from: '2026-11-02', to: '2026-11-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toEqual([{ path: 'to', message: 'The end of the range must not be before its start.' }]);
    expect((await audit({ from: '2026-02-30' })).body.error.fields).toEqual([{ path: 'from', message: 'Enter a real calendar date.' }]);
  });
});

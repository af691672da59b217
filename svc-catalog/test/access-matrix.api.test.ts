import { userSuspendedV1 } from '@agentdock/contracts';
import { type AccessTable, checkAccessMatrix, eventually, kitAccessRows } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { CatalogHarness, DRIVER } from './harness';

// Who may call what. A route mounted without a row here fails the test.
const TABLE: AccessTable = {
  ...kitAccessRows('/api/catalog'),
  'GET /api/catalog/plans': 'public',
  'GET /api/catalog/plans/:id': 'public',
  'GET /api/catalog/agents': 'public',
  'GET /api/catalog/agents/available': 'user',
  'GET /api/catalog/content': 'public',
  'GET /api/catalog/courses': 'public',
  'GET /api/catalog/courses/:id': 'public',
  'GET /api/catalog/community': 'public',
  'GET /api/catalog/courses/:id/enrolment': 'user',
  'GET /api/catalog/courses/:id/discussion': 'user',
  'POST /api/catalog/courses/:id/discussion': 'user',
  'GET /api/catalog/admin/plans': 'admin',
  'POST /api/catalog/admin/plans': 'admin',
  'PATCH /api/catalog/admin/plans/:id': 'admin',
  'DELETE /api/catalog/admin/plans/:id': 'admin',
  'GET /api/catalog/admin/agents': 'admin',
  'POST /api/catalog/admin/agents': 'admin',
  'PATCH /api/catalog/admin/agents/:id': 'admin',
  'DELETE /api/catalog/admin/agents/:id': 'admin',
  'GET /api/catalog/admin/content': 'admin',
  'POST /api/catalog/admin/content': 'admin',
  'PATCH /api/catalog/admin/content/:id': 'admin',
  'DELETE /api/catalog/admin/content/:id': 'admin',
  'GET /api/catalog/admin/courses/:id/enrolments': 'admin',
  'POST /api/catalog/admin/courses/:id/enrolments': 'admin',
  'DELETE /api/catalog/admin/courses/:id/enrolments/:userId': 'admin',
};

describe(`svc-catalog authorization matrix (${DRIVER})`, () => {
  let catalog: CatalogHarness;
  beforeAll(async () => {
    catalog = await CatalogHarness.start();
  });
  afterAll(() => catalog.close());

  it('answers every mounted endpoint × {anonymous, user, suspended, admin} as the table says', async () => {
    const [user, suspended, admin] = [await catalog.user(), await catalog.user(), await catalog.user({ admin: true })];
    await catalog.bus.bus.publish(userSuspendedV1.subject, { id: crypto.randomUUID(), type: userSuspendedV1.type, version: userSuspendedV1.version, occurredAt: new Date().toISOString(), source: 'test', data: { userId: suspended.id } });
    await eventually(async () => (await request(catalog.url).get(`/api/catalog/courses/${user.id}/enrolment`).set(suspended.auth)).status === 403);
    const result = await checkAccessMatrix({ server: catalog.service.server, url: catalog.url, table: TABLE, principals: { user: user.auth, suspended: suspended.auth, admin: admin.auth } });
    console.info(`svc-catalog access matrix: ${result.endpoints.length} endpoints, ${result.calls} calls`);
    expect(result.problems).toEqual([]);
  });
});

import { userSuspendedV1 } from '@agentdock/contracts';
import { checkAccessMatrix, eventually } from '@agentdock/service-kit/testing';
import request from 'supertest';
import { CatalogHarness, DRIVER } from './harness';
import { CATALOG_ACCESS } from './access-table';

describe(`svc-catalog authorization matrix (${DRIVER})`, () => {
  let catalog: CatalogHarness;
  beforeAll(async () => {
    catalog = await CatalogHarness.start();
  });
  afterAll(() => catalog.close());

  it('answers every mounted endpoint × {anonymous, user, suspended, admin} as the table says', async () => {
    const [user, suspended, admin] = [await catalog.user(), await catalog.user(), await catalog.user({ admin: true })];
    await catalog.bus.bus.publish(userSuspendedV1.subject, {
      id: crypto.randomUUID(),
      type: userSuspendedV1.type,
      version: userSuspendedV1.version,
      occurredAt: new Date().toISOString(),
      source: 'test',
      data: { userId: suspended.id },
    });
    await eventually(async () => (await request(catalog.url).get(`/api/catalog/courses/${user.id}/enrolment`).set(suspended.auth)).status === 403);
    const result = await checkAccessMatrix({
      server: catalog.service.server,
      url: catalog.url,
      table: CATALOG_ACCESS,
      principals: { user: user.auth, suspended: suspended.auth, admin: admin.auth },
    });
    console.info(`svc-catalog access matrix: ${result.endpoints.length} endpoints, ${result.calls} calls`);
    expect(result.problems).toEqual([]);
  });
});

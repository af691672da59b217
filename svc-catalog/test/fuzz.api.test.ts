import { CATALOG_ADMIN_ENDPOINTS, CATALOG_ENDPOINTS } from '@agentdock/contracts';
import { contractFieldNames, describeHostileInput } from '@agentdock/service-kit/testing';
import { CATALOG_ACCESS } from './access-table';
import { CatalogHarness, DRIVER } from './harness';

describeHostileInput({
  service: 'svc-catalog',
  driver: DRIVER,
  start: () => CatalogHarness.start(),
  checks: [
    {
      table: CATALOG_ACCESS,
      principals: async (catalog) => {
        const [user, suspended, admin] = [await catalog.user(), await catalog.user(), await catalog.user({ admin: true })];
        return { user: user.auth, suspended: suspended.auth, admin: admin.auth };
      },
      fields: contractFieldNames(...[...Object.values(CATALOG_ENDPOINTS), ...Object.values(CATALOG_ADMIN_ENDPOINTS)].map((endpoint) => endpoint.request)),
      // A seeded plan and course, so that some requests get past the lookup to the handlers.
      knownSegments: ['starter', 'ai-fundamentals'],
    },
  ],
});

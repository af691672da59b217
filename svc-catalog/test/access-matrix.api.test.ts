import { describeAccessMatrix } from '@agentdock/service-kit/testing';
import { CatalogHarness, DRIVER } from './harness';
import { CATALOG_ACCESS } from './access-table';

describeAccessMatrix({
  service: 'svc-catalog',
  driver: DRIVER,
  start: () => CatalogHarness.start(),
  checks: [
    {
      table: CATALOG_ACCESS,
      principals: async (catalog) => {
        const [user, suspended, admin] = [await catalog.user(), await catalog.user(), await catalog.user({ admin: true })];
        await catalog.suspend(suspended);
        return { user: user.auth, suspended: suspended.auth, admin: admin.auth };
      },
    },
  ],
});

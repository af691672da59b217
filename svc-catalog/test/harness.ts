import { randomUUID } from 'node:crypto';
import { type EventDefinition, type EventEnvelope, type SubscriptionTier, userSuspendedV1 } from '@agentdock/contracts';
import { createTestIssuer, eventually } from '@agentdock/service-kit/testing';
import { createTestBus, startTestService, type TestBus, type TestDatabase, type TestService } from '@agentdock/service-data/testing';
import type { Subscription } from '@agentdock/service-data';
import type { z } from 'zod';
import type { CatalogSchema } from '../src/db/schema';
import { catalogService } from '../src/index';

export const DRIVER = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** A database that outlives one service instance (for restarts): a PGlite folder, or a PostgreSQL database. */
export { durableDatabase } from '@agentdock/service-data/testing';

export interface User {
  id: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

/** svc-catalog on a throwaway database and bus, with an issuer that mints tokens for any user. */
export class CatalogHarness {
  private subscriptions: Subscription[] = [];

  private constructor(
    readonly bus: TestBus,
    readonly issuer: Awaited<ReturnType<typeof createTestIssuer>>,
    public service: TestService<CatalogSchema>,
  ) {}

  static async start(database?: TestDatabase): Promise<CatalogHarness> {
    const bus = await createTestBus();
    const issuer = await createTestIssuer();
    const service = await startTestService(catalogService, { bus: bus.bus, jwksUrl: issuer.jwksUrl, database });
    return new CatalogHarness(bus, issuer, service);
  }

  get url(): string {
    return this.service.url;
  }

  /** Stops the service (keeping its database) and starts it again on the same database and bus. */
  async restart(database: TestDatabase): Promise<void> {
    await this.service.stop();
    this.service = await startTestService(catalogService, { bus: this.bus.bus, jwksUrl: this.issuer.jwksUrl, database });
  }

  async user(options: { admin?: boolean; tier?: SubscriptionTier; email?: string; name?: string } = {}): Promise<User> {
    const id = randomUUID();
    const email = options.email ?? `user-${id.slice(0, 8)}@example.com`;
    const token = await this.issuer.issue({ sub: id, email, admin: options.admin ?? false, tier: options.tier ?? 'free', name: options.name });
    return { id, email, token, auth: { authorization: `Bearer ${token}` } };
  }

  /** Suspends the user (identity's event) and waits until the catalog refuses their token. */
  async suspend(user: User): Promise<void> {
    await this.bus.bus.publish(userSuspendedV1.subject, {
      id: randomUUID(),
      type: userSuspendedV1.type,
      version: userSuspendedV1.version,
      occurredAt: new Date().toISOString(),
      source: 'test',
      data: { userId: user.id },
    });
    await eventually(async () => (await fetch(`${this.url}/api/catalog/courses/ai-fundamentals/progress`, { headers: user.auth })).status === 403 || undefined);
  }

  /** Records every event of one type published from now on (a fresh durable consumer). */
  async collect<TType extends string, TData extends z.ZodType>(event: EventDefinition<TType, TData>): Promise<EventCollector<z.infer<TData>>> {
    const received: Array<EventEnvelope<TType, z.infer<TData>>> = [];
    const subscription = await this.bus.bus.subscribe({
      durable: `catalog-test-${randomUUID().slice(0, 8)}`,
      subject: event.subject,
      handler: async (envelope) => {
        received.push(event.envelope.parse(envelope));
      },
    });
    this.subscriptions.push(subscription);
    return {
      received: () => received.map((envelope) => envelope.data),
      waitFor: (predicate) => eventually(async () => received.map((envelope) => envelope.data).find(predicate)),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.subscriptions.map((subscription) => subscription.stop()));
    await this.service.cleanup();
    await this.issuer.close();
    await this.bus.destroy();
  }
}

export interface EventCollector<T> {
  received(): T[];
  /** Resolves with the first event matching `predicate`, waiting for the relay if need be. */
  waitFor(predicate: (data: T) => boolean): Promise<T>;
}

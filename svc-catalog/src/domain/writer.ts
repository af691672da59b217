import type { ServiceContext } from '@agentdock/service-data';
import type { CatalogSchema } from '../db/schema';

/** The slice of the service context that writes: a transaction that relays what it enqueued. */
export type CatalogWriter = Pick<ServiceContext<CatalogSchema>, 'transaction' | 'enqueue'>;

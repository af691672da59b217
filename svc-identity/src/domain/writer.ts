import type { ServiceContext } from '@agentdock/service-data';
import type { IdentitySchema } from '../db/schema';

/** The slice of the service context that writes: a transaction that relays what it enqueued. */
export type IdentityWriter = Pick<ServiceContext<IdentitySchema>, 'transaction' | 'enqueue'>;

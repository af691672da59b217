import type { Server } from 'node:http';
import type { EventDefinition, EventEnvelope } from '@agentdock/contracts';
import type { Express, RequestHandler } from 'express';
import { Counter, Registry } from 'prom-client';
import { z } from 'zod';
import {
  cachingVerifier,
  createTokenVerifier,
  requireAdmin,
  type TokenVerifier,
  booleanFlagSchema,
  hostSchema,
  loadConfigOrExit,
  logLevelSchema,
  portSchema,
  createHttpApp,
  startHttpServer,
  createLogger,
  type Logger,
  drainServer,
  installShutdown,
} from '@agentdock/service-kit';
import { adminAuditRouter } from './audit/admin-audit';
import { rejectingRevoked, RevokedSessions } from './auth/session-revocation';
import { rejectingSuspended, SuspendedUsers } from './auth/suspension';
import { type DatabaseTarget, type Db, inTransaction, openDatabase, type Tx } from './db/database';
import { type EventBus, PoisonMessageError, type SubscribeOptions, type Subscription } from './events/bus';
import { InProcessBus } from './events/in-process-bus';
import { JetStreamBus } from './events/jetstream-bus';
import { enqueueEvent, outboxRow, type OutboxRow, OutboxRelay } from './events/outbox';
import { DEFAULT_EVENT_STREAM, DEFAULT_USAGE_RETENTION_HOURS } from './events/streams';

/** What a service's routes, domain functions and consumers are handed. */
export interface ServiceContext<TSchema extends Record<string, unknown>> {
  name: string;
  logger: Logger;
  db: Db<TSchema>;
  bus: EventBus;
  /** The registry /metrics serves: a service registers its own counters here. */
  metricsRegistry: Registry;
  /**
   * Checks access tokens against svc-identity's keys and refuses suspended users (403) and
   * sessions that have ended (401 session_revoked).
   */
  verifier: TokenVerifier;
  /** The users svc-identity has suspended, from memory (kept current by events): for credentials other than access tokens, such as API keys. */
  suspended: Pick<SuspendedUsers, 'has'>;
  /**
   * Runs `work` in one transaction and relays the events it enqueued as soon as it commits.
   * Use this (not `db.transaction`) for any change that publishes events.
   */
  transaction<T>(work: (tx: Tx<TSchema>) => Promise<T>): Promise<T>;
  /** Writes an event to the outbox inside `tx` (only a transaction can take one), sourced from this service. */
  enqueue<TType extends string, TData extends z.ZodType>(tx: Tx, event: EventDefinition<TType, TData>, data: z.infer<TData>): Promise<EventEnvelope<TType, z.infer<TData>>>;
  /**
   * An event as its outbox row, sourced from this service, for one statement that writes the row
   * with the change it describes (no transaction around it); call `relayEvents` once it ran.
   */
  outboxRow<TType extends string, TData extends z.ZodType>(event: EventDefinition<TType, TData>, data: z.infer<TData>): OutboxRow;
  /** Relays now the events a statement outside `transaction` wrote (see `outboxRow`). */
  relayEvents(): void;
}

/**
 * Everything that makes one service different from another; the kit does the rest. `TDeps` is what
 * the service builds at start (a signing key, a provider, a client): `onStart` returns it and the
 * kit hands it to `mount`, `consumers`, `adminGuard` and `onStop`, so nothing reads a variable that
 * may not be set yet.
 */
export type ServiceDefinition<TSchema extends Record<string, unknown>, TDeps = void> = ServiceParts<TSchema, TDeps> &
  // onStart runs once after migrations, before the service accepts requests or events (seeding,
  // loading keys). A service that builds nothing there may leave it out; one that does must have it.
  ([TDeps] extends [void] ? { onStart?(context: ServiceContext<TSchema>): Promise<void> } : { onStart(context: ServiceContext<TSchema>): Promise<TDeps> });

/** A service definition apart from onStart. */
export interface ServiceParts<TSchema extends Record<string, unknown>, TDeps> {
  /** e.g. `svc-catalog`; also the event source and the log/metrics label. */
  name: string;
  /** Port used when run alone without PORT set. */
  defaultPort: number;
  schema: TSchema;
  migrationsFolder: string;
  mount(app: Express, context: ServiceContext<TSchema>, deps: TDeps): void;
  /** Durable event subscriptions this service consumes. */
  consumers?(context: ServiceContext<TSchema>, deps: TDeps): SubscribeOptions[];
  /** Runs on stop after HTTP and consumers have drained, before the database closes. */
  onStop?(context: ServiceContext<TSchema>, deps: TDeps): Promise<void>;
  bodyLimit?: string;
  /**
   * Guards the admin routes the kit mounts (GET /api/<service>/admin/audit); by default the
   * token's admin claim via `context.verifier`. svc-identity, which signs the tokens, checks
   * its own users instead.
   */
  adminGuard?(context: ServiceContext<TSchema>, deps: TDeps): RequestHandler[];
  /**
   * False when the service parses bodies itself in `mount`, e.g. to verify a signed webhook over
   * its exact bytes before any JSON parsing.
   */
  parseJsonBody?: boolean;
}

export interface ServiceRuntime {
  port: number;
  host: string;
  database: DatabaseTarget;
  /** PostgreSQL connections the service keeps (DATABASE_POOL_SIZE); 10 when not given. */
  databasePoolSize?: number;
  bus: EventBus;
  logger: Logger;
  jwksUrl: string;
  /**
   * Admin endpoints refuse tokens without the multi-factor claim (403 `mfa_required`). The env
   * default (ADMIN_REQUIRE_MFA) is true; only the embedded default of `npm start` turns it off.
   */
  adminRequireMfa: boolean;
  /**
   * The secret the gateway sends with each request it forwards (GATEWAY_SECRET): only requests
   * with it may name their client in X-Forwarded-For (per-IP limits) or read /metrics and the
   * readiness details. Unset, nobody may: a service then counts every client as the gateway.
   */
  gatewaySecret?: string;
  relayPollIntervalMs?: number;
  /** How long a published event's row stays in the outbox (OUTBOX_RETENTION_HOURS); 24 hours when not given. */
  outboxRetentionMs?: number;
  /**
   * On stop, how long /readyz says 503 while requests are still served, before the server stops
   * listening: a gateway probing its replicas moves traffic away first, so a rolling restart
   * refuses nothing. 0 (the default) when nothing routes by readiness.
   */
  drainDelayMs?: number;
}

export interface RunningService<TSchema extends Record<string, unknown>> {
  url: string;
  server: Server;
  context: ServiceContext<TSchema>;
  /** Stops accepting requests, consumers and the relay, then closes the database (not the bus). */
  stop(): Promise<void>;
}

/**
 * How long a service remembers that a token verified. A user's next request within it skips the
 * signature check (on a chat send, the largest step before the database's); suspension and
 * revocation are still checked on every request, around the cache.
 */
const VERIFIED_TOKEN_MAX_AGE_MS = 60_000;
// Under load (a `/v1` completion's settlement nudges the relay each time) one relay pass per this
// long serves every event written meanwhile: one statement (its read, with the previous pass's
// mark), not one per event. An event
// waits at most this long more before it is published; one after a quiet spell goes at once. 50 ms
// saved a query per six completions but let a client that creates a team and buys its seats at once
// reach billing before the team's event did (404 "No such team"), so it stays at 10 ms.
const RELAY_MIN_PASS_INTERVAL_MS = 10;

/** Opens the database, starts the relay, consumers and the HTTP server of one service. */
export async function startService<TSchema extends Record<string, unknown>, TDeps = void>(
  definition: ServiceDefinition<TSchema, TDeps>,
  runtime: ServiceRuntime,
): Promise<RunningService<TSchema>> {
  const logger = runtime.logger;
  const database = await openDatabase({
    target: runtime.database,
    schema: definition.schema,
    migrationsFolder: definition.migrationsFolder,
    poolSize: runtime.databasePoolSize,
    logger,
  });
  // One registry for /metrics, so the relay's and the consumers' parked-event counters are served with the HTTP metrics.
  const metricsRegistry = new Registry();
  const parkedEvents = new Counter({
    name: 'agentdock_events_parked_total',
    help: 'Events a consumer could not accept (unknown version, payload off its contract): logged and left in the stream unapplied',
    labelNames: ['durable', 'type', 'version'],
    registers: [metricsRegistry],
  });
  const relay = new OutboxRelay({
    db: database.db,
    bus: runtime.bus,
    logger,
    pollIntervalMs: runtime.relayPollIntervalMs,
    minPassIntervalMs: RELAY_MIN_PASS_INTERVAL_MS,
    publishedRetentionMs: runtime.outboxRetentionMs,
    metricsRegistry,
  });
  const suspended = new SuspendedUsers(database.db, logger);
  const revoked = new RevokedSessions(database.db, logger);
  // Events enqueued so far, by any transaction: one that saw the count move wakes the relay after
  // committing. One that enqueued nothing leaves it asleep, as it would only find nothing and, on
  // the one-connection embedded database, hold up the next request's queries while looking.
  let enqueued = 0;
  const context: ServiceContext<TSchema> = {
    name: definition.name,
    logger,
    db: database.db,
    bus: runtime.bus,
    metricsRegistry,
    verifier: rejectingRevoked(
      rejectingSuspended(
        cachingVerifier(createTokenVerifier({ jwksUrl: runtime.jwksUrl, adminRequiresMfa: runtime.adminRequireMfa }), { maxAgeMs: VERIFIED_TOKEN_MAX_AGE_MS }),
        suspended,
      ),
      revoked,
    ),
    suspended,
    transaction: async (work) => {
      const before = enqueued;
      const result = await inTransaction(database.db, work);
      if (enqueued !== before) relay.nudge();
      return result;
    },
    enqueue: (tx, event, data) => {
      enqueued += 1;
      return enqueueEvent(tx, definition.name, event, data);
    },
    outboxRow: (event, data) => outboxRow(definition.name, event, data),
    relayEvents: () => relay.nudge(),
  };
  let subscriptions: Subscription[] = [];
  let stopping = false;
  try {
    await suspended.load();
    await revoked.load();
    // Optional only when TDeps is void (see ServiceDefinition), so undefined is then the right value.
    const deps = (await definition.onStart?.(context)) as TDeps;
    relay.start();
    const consumers = [...suspended.consumers(definition.name), revoked.consumer(definition.name), ...(definition.consumers?.(context, deps) ?? [])];
    subscriptions = await Promise.all(consumers.map((consumer) => runtime.bus.subscribe(countingParked(consumer, parkedEvents))));
    suspended.startRefreshing();
    revoked.startRefreshing();
    const app = createHttpApp({
      service: definition.name,
      logger,
      metricsRegistry,
      bodyLimit: definition.bodyLimit,
      parseJsonBody: definition.parseJsonBody,
      gatewaySecret: runtime.gatewaySecret,
      metrics: 'gateway',
      readinessDetails: 'gateway',
      readiness: {
        database: () => database.ping(),
        events: () => runtime.bus.ping(),
        serving: async () => {
          if (stopping) throw new Error('stopping: draining before shutdown');
        },
      },
      mount: (app) => {
        // Before the service's own routers, so a service's catch-all under its prefix cannot shadow it.
        app.use(adminAuditRouter({ service: definition.name, db: database.db, guard: definition.adminGuard?.(context, deps) ?? [requireAdmin(context.verifier)] }));
        definition.mount(app, context, deps);
      },
    });
    const server = await startHttpServer(app, { port: runtime.port, host: runtime.host });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : runtime.port;
    logger.info({ port, driver: database.driver }, `${definition.name} listening`);
    return {
      url: `http://${runtime.host === '0.0.0.0' ? '127.0.0.1' : runtime.host}:${port}`,
      server,
      context,
      stop: async () => {
        stopping = true;
        if (runtime.drainDelayMs) await new Promise((resolve) => setTimeout(resolve, runtime.drainDelayMs));
        await drainServer(server);
        await Promise.all(subscriptions.map((subscription) => subscription.stop()));
        suspended.stop();
        revoked.stop();
        await definition.onStop?.(context, deps);
        await relay.stop();
        await database.close();
      },
    };
  } catch (error) {
    // e.g. the port is taken: consumers left running would take events into a closed database.
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
    suspended.stop();
    revoked.stop();
    await relay.stop();
    await database.close();
    throw error;
  }
}

/** Environment every service reads when it runs as its own process. */
export const serviceEnvSchema = z
  .object({
    PORT: portSchema.optional(),
    HOST: hostSchema.default('0.0.0.0'),
    DATABASE_URL: z.string().url().optional(),
    // Connections each process keeps open to PostgreSQL (group commits open up to 4 more): with
    // replicas × (this + 4) per service, a cluster must stay under the server's max_connections.
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATA_DIR: z.string().min(1).optional(),
    NATS_URL: z.string().min(1).optional(),
    NATS_STREAM: z.string().min(1).default(DEFAULT_EVENT_STREAM),
    // Usage records (one per settled reply) stay on the bus for this long: a week by default, a year at most.
    NATS_USAGE_RETENTION_HOURS: z.coerce.number().min(1).max(8_760).default(DEFAULT_USAGE_RETENTION_HOURS),
    // Lets several platforms (or drills) share one NATS server; empty in a normal deployment.
    NATS_NAMESPACE: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _ only')
      .optional(),
    JWKS_URL: z.string().url(),
    DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    // Published events are only kept for tracing a delivery: a day by default, a year at most.
    OUTBOX_RETENTION_HOURS: z.coerce.number().min(1).max(8_760).default(24),
    LOG_LEVEL: logLevelSchema,
    ADMIN_REQUIRE_MFA: booleanFlagSchema.default(true),
    // Shared with the gateway; no default: a guessable one would let anything on the network pose as it.
    GATEWAY_SECRET: z.string().min(16, 'use at least 16 characters').optional(),
  })
  .refine((env) => env.DATABASE_URL || env.DATA_DIR, {
    message: 'set DATABASE_URL (PostgreSQL) or DATA_DIR (embedded PGlite)',
    path: ['DATABASE_URL'],
    // Report it alongside other bad variables, not only once the rest is valid.
    when: () => true,
  });

/**
 * Entry point of a service run alone (its `src/main.ts`): configuration from the environment,
 * JetStream when NATS_URL is set, graceful shutdown on SIGTERM/SIGINT.
 */
export async function runStandalone<TSchema extends Record<string, unknown>, TDeps>(definition: ServiceDefinition<TSchema, TDeps>): Promise<void> {
  const env = loadConfigOrExit(serviceEnvSchema, process.env, definition.name);
  const logger = createLogger({ service: definition.name, level: env.LOG_LEVEL });
  const bus: EventBus = env.NATS_URL
    ? await JetStreamBus.connect({
        servers: env.NATS_URL,
        stream: env.NATS_STREAM,
        usageRetentionMs: env.NATS_USAGE_RETENTION_HOURS * 60 * 60 * 1000,
        namespace: env.NATS_NAMESPACE,
        logger,
        name: definition.name,
      })
    : new InProcessBus({ logger });
  if (!env.NATS_URL) logger.warn('NATS_URL is not set: events stay inside this process');
  const service = await startService(definition, {
    port: env.PORT ?? definition.defaultPort,
    host: env.HOST,
    database: env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
    databasePoolSize: env.DATABASE_POOL_SIZE,
    bus,
    logger,
    jwksUrl: env.JWKS_URL,
    drainDelayMs: env.DRAIN_DELAY_MS,
    outboxRetentionMs: env.OUTBOX_RETENTION_HOURS * 60 * 60 * 1000,
    adminRequireMfa: env.ADMIN_REQUIRE_MFA,
    gatewaySecret: env.GATEWAY_SECRET,
  });
  if (!env.GATEWAY_SECRET) logger.warn('GATEWAY_SECRET is not set: X-Forwarded-For is ignored (every client counts as the gateway in per-IP limits) and /metrics is not served');
  if (!env.ADMIN_REQUIRE_MFA) logger.warn('ADMIN_REQUIRE_MFA=false: admins can use admin endpoints without a second factor');
  installShutdown({ logger, servers: [], closers: [() => service.stop(), () => bus.close()] });
}

/**
 * An event a consumer cannot accept (a version it does not know, a payload off its contract) is
 * poison: the bus terminates it with an error log instead of retrying it forever, and it stays in
 * the stream for inspection. This counts it, so an alert can fire before anyone reads the log.
 */
function countingParked(options: SubscribeOptions, parked: Counter<'durable' | 'type' | 'version'>): SubscribeOptions {
  return {
    ...options,
    handler: async (envelope, delivery) => {
      try {
        await options.handler(envelope, delivery);
      } catch (error) {
        if (error instanceof PoisonMessageError) parked.inc({ durable: options.durable, type: String(envelope.type), version: String(envelope.version) });
        throw error;
      }
    },
  };
}

// Public surface of the data half of the service kit: one query layer over pg/PGlite, migrations,
// the outbox, the event bus and its consumers, the suspended-users table, the admin audit, and the
// service runtime that puts them together with the HTTP half (@agentdock/service-kit).
export { type Database, type DatabaseOptions, type DatabaseTarget, type Db, inTransaction, onUniqueViolation, openDatabase, type Tx } from './db/database';
export { DEFAULT_CONNECT_PATIENCE_MS } from './db/patient-pool';
export { GroupCommits, type GroupCommitOptions, type GroupedStatement } from './db/group-commit';
export { type NamedStatement, namedStatement, prefixedColumns, preparedPerHandle, rawRowReader, runsEmbedded } from './db/named-statement';
export { acquireProcessLock } from './db/process-lock';
export { adminAudit, outbox, processedEvents, revokedSessions, suspendedUsers } from './db/kit-schema';
export {
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_MAX_DELIVER,
  DEFAULT_RETRY_DELAY_MS,
  type DeliveryInfo,
  type EventBus,
  EventBusUnavailableError,
  type EventHandler,
  PoisonMessageError,
  type SubscribeOptions,
  type Subscription,
  withAckWait,
} from './events/bus';
export { InProcessBus, type InProcessBusOptions } from './events/in-process-bus';
export { JetStreamBus, type JetStreamBusOptions } from './events/jetstream-bus';
export { enqueueEvent, outboxRow, type OutboxRow, OutboxRelay, type OutboxRelayOptions } from './events/outbox';
export { idempotentHandler, type IdempotentHandlerOptions, type TransactionRunner } from './events/consumer';
export { rejectingRevoked, RevokedSessions } from './auth/session-revocation';
export { rejectingSuspended, SuspendedUsers } from './auth/suspension';
export { type AdminActionInput, type AdminActor, adminActorOf, adminAuditPath, adminAuditRouter, listAdminActions, recordAdminAction } from './audit/admin-audit';
export { type RunningService, runStandalone, type ServiceContext, type ServiceDefinition, serviceEnvSchema, type ServiceRuntime, startService } from './service';
export { adminStatsRouter } from './stats/admin-stats-router';
export { adminExportRouter, afterCursor, type CsvCell, cursorTime, type ExportCursor, type ExportRange, inPages, minorAsDecimal, sendCsv } from './exports/csv-export';
export { withCursorRows } from './exports/cursor-rows';
export { type RollupDefinition, type RollupDifference, rollupDifferences } from './stats/rollups';

// Public surface of the service kit. HTTP half: config, logging, errors, app factory, auth,
// shutdown. Data half: one query layer over pg/PGlite, migrations, outbox, event bus, consumers.
export * from './config';
export * from './logger';
export * from './errors';
export * from './http/app';
export * from './http/server';
export * from './auth/jwt';
export * from './shutdown';
export * from './db/database';
export { acquireProcessLock } from './db/process-lock';
export * from './db/kit-schema';
export * from './events/bus';
export * from './events/in-process-bus';
export * from './events/jetstream-bus';
export * from './events/outbox';
export * from './events/consumer';
export * from './service';
export * from './audit/admin-audit';

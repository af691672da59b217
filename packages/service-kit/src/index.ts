// Public surface of the service kit: what any HTTP process of the platform needs (the gateway as
// much as a service): configuration, logging, errors, the app factory, auth and shutdown. The data
// half (database, outbox, event bus, the service runtime) is @agentdock/service-data.
export {
  booleanFlagSchema,
  byteSizeSchema,
  hostSchema,
  httpUrlSchema,
  LOG_LEVELS,
  type LogLevel,
  logLevelEnum,
  logLevelSchema,
  portSchema,
  positiveIntSchema,
  proxyHopsSchema,
} from './config/env-schemas';
export { formatByteSize, parseByteSize } from './config/byte-size';
export { ConfigError, type ConfigProblem, loadConfig, loadConfigOrExit } from './config/load-config';
export { createSecretBox, encryptionKeySchema, encryptionKeysSchema, KEY_BYTES, parseKey, type SecretBox } from './crypto/secret-box';
export { createLogger, type Logger, type LoggerOptions, serializeError } from './logger';
export {
  AdminRequiredError,
  AppError,
  type AppErrorOptions,
  BadRequestError,
  ConflictError,
  type FieldIssue,
  ForbiddenError,
  type HttpErrorOptions,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ServiceUnavailableError,
  UnauthorizedError,
  ValidationError,
} from './errors/app-errors';
export { errorHandler, notFoundHandler, sendError } from './http/error-handler';
export { isDatabaseUnavailable } from './errors/database-unavailable';
export { createHttpApp, type HttpAppKit, type HttpAppOptions } from './http/app';
export { cameFromGateway, GATEWAY_SECRET_HEADER, trustForwardedOnlyFromGateway } from './http/gateway-trust';
export type { ReadinessCheck } from './http/health';
export { getRequestId, REQUEST_ID_HEADER } from './http/request-id';
export { closeHttpServer, DEFAULT_REQUEST_TIMEOUT_MS, type ListenOptions, serverUrl, startHttpServer } from './http/server';
export { AccountSuspendedError, AuthUnavailableError, InvalidTokenError, MfaRequiredError, SessionRevokedError, TokenExpiredError } from './auth/auth-errors';
export { createTokenVerifier, type TokenVerifier, type TokenVerifierOptions } from './auth/jwt';
export { cachingVerifier, type TokenCacheOptions } from './auth/token-cache';
export { assertAdminMfa, getAuth, getOptionalAuth, optionalAuth, requireAdmin, requireAuth } from './auth/middleware';
export { drainServer, installShutdown, type ShutdownOptions, type TriggerShutdown } from './shutdown';

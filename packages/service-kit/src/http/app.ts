import { createHash, timingSafeEqual } from 'node:crypto';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { productIssueMessage } from '@agentdock/contracts';
import { NotFoundError } from '../errors/app-errors';
import { Registry } from 'prom-client';
import type { Logger } from '../logger';
import { errorHandler, notFoundHandler } from './error-handler';
import { type ReadinessCheck, healthRoutes } from './health';
import { createHttpMetrics } from './metrics';
import { requestId } from './request-id';
import { requestLog } from './request-logger';
import { observeRequests } from './request-telemetry';
import { refuseNulCharacters } from './nul-guard';
import { cameFromGateway, trustForwardedOnlyFromGateway } from './gateway-trust';

function bearerMatches(token: string): (req: Request) => boolean {
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  return (req) =>
    timingSafeEqual(
      createHash('sha256')
        .update(req.get('authorization') ?? '')
        .digest(),
      expected,
    );
}

/** Answers 404 unless the request may, so the endpoint's existence is not advertised. */
function requireAccess(allowed: (req: Request) => boolean): RequestHandler {
  return (req, _res, next) => next(allowed(req) ? undefined : new NotFoundError(`No route matches ${req.method} ${req.path}.`));
}

/** What `mount` may reuse of the app's own chain, for a route that dispatches requests itself. */
export interface HttpAppKit {
  /** The middleware every request passes before the service's routes, in the order the app runs it. */
  standardMiddleware: readonly RequestHandler[];
  /** The app's last handler: a thrown or forwarded error as the platform's JSON error body. */
  handleError: ErrorRequestHandler;
}

export interface HttpAppOptions {
  /** Names the service in logs, metrics and the readiness body. */
  service: string;
  logger: Logger;
  /** Checked by GET /readyz, e.g. `{ database: () => db.ping() }`. */
  readiness?: Record<string, ReadinessCheck>;
  readinessTimeoutMs?: number;
  /** Adds the service's own routes; they run after the standard middleware and probes. */
  mount: (app: Express, kit: HttpAppKit) => void;
  /** Largest JSON body accepted, as bytes or '100kb'. */
  bodyLimit?: string | number;
  /** false leaves request bodies unread, for apps that stream them on (the gateway). */
  parseJsonBody?: boolean;
  /** Defaults to a registry of the app's own, so several apps can share a process. */
  metricsRegistry?: Registry;
  /**
   * Who may read /metrics: anyone who reaches the port ('open'), only `Authorization: Bearer
   * <token>`, only requests carrying the gateway's secret ('gateway', see `gatewaySecret`), or
   * nobody ('off').
   */
  metrics?: Access;
  /**
   * Who sees which readiness check failed and why: the up/down status (200/503) is always
   * answered, for load balancers; the details name services and errors, which is for operators.
   */
  readinessDetails?: Access;
  /**
   * A service behind the gateway: the secret the gateway sends with every request it forwards
   * (GATEWAY_SECRET). X-Forwarded-* headers of requests without it are dropped, so nothing else
   * on the network names the client. Leave it out for an app that is itself the public edge.
   */
  gatewaySecret?: string;
}

type Access = 'open' | 'off' | 'gateway' | { token: string };

function allowedBy(access: Access): (req: Request) => boolean {
  if (access === 'open') return () => true;
  if (access === 'off') return () => false;
  if (access === 'gateway') return cameFromGateway;
  return bearerMatches(access.token);
}

/**
 * The express app every service starts from: request ids, request logs, JSON bodies, health,
 * readiness and metrics endpoints, the service's routes, then JSON 404 and error responses.
 * Express 5 forwards rejected promises, so async routes simply throw.
 *
 * @example
 * const app = createHttpApp({ service: 'svc-catalog', logger, readiness: { database: () => db.ping() },
 *   mount: (app) => app.use('/api/catalog', catalogRoutes(deps)) });
 */
export function createHttpApp({
  service,
  logger,
  readiness = {},
  readinessTimeoutMs = 2000,
  mount,
  bodyLimit = '100kb',
  parseJsonBody = true,
  metricsRegistry = new Registry(),
  metrics: metricsAccess = 'open',
  readinessDetails = 'open',
  gatewaySecret,
}: HttpAppOptions): Express {
  // Field messages reach people beside the fields they typed in: product sentences, not zod's.
  z.config({ customError: productIssueMessage });
  const app = express();
  const metrics = createHttpMetrics(metricsRegistry, service);
  app.disable('x-powered-by');
  const standardMiddleware: RequestHandler[] = [
    ...(gatewaySecret !== undefined || metricsAccess === 'gateway' || readinessDetails === 'gateway' ? [trustForwardedOnlyFromGateway(gatewaySecret)] : []),
    requestId(),
    observeRequests(requestLog(logger), metrics.observe),
    ...(parseJsonBody ? [express.json({ limit: bodyLimit })] : []),
    refuseNulCharacters(),
    (req, res, next) => {
      // An answer to a signed-in request is that user's (or an admin's) data: no shared or disk cache may keep it.
      if (req.headers.authorization) res.set('Cache-Control', 'no-store');
      next();
    },
  ];
  for (const handler of standardMiddleware) app.use(handler);
  app.use(healthRoutes({ service, readiness, timeoutMs: readinessTimeoutMs, showDetails: allowedBy(readinessDetails) }));
  if (metricsAccess === 'open') app.get('/metrics', metrics.expose);
  else if (metricsAccess !== 'off') app.get('/metrics', requireAccess(allowedBy(metricsAccess)), metrics.expose);
  const handleError = errorHandler(logger);
  mount(app, { standardMiddleware, handleError });
  app.use(notFoundHandler());
  app.use(handleError);
  return app;
}

import type { Request, RequestHandler } from 'express';
import { Histogram, type Registry, collectDefaultMetrics } from 'prom-client';
import type { RequestObserver } from './request-telemetry';

export interface HttpMetrics {
  /** Records a finished request into the duration histogram; an observer for `observeRequests`. */
  observe: RequestObserver;
  /** GET /metrics in the Prometheus text format. */
  expose: RequestHandler;
}

/** Registers process metrics and the request histogram on the app's own registry. */
export function createHttpMetrics(registry: Registry, service: string): HttpMetrics {
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duration of HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    // What duration.startTimer() measures, without its closure and label merge per request.
    observe: (req, res, started) => duration.observe({ method: req.method, route: routePattern(req), status: String(res.statusCode) }, (performance.now() - started) / 1000),
    expose: async (_req, res) => {
      res.type(registry.contentType).send(await registry.metrics());
    },
  };
}

// Raw paths would give one time series per id in a URL; the matched pattern keeps the set small.
function routePattern(req: Request): string {
  const route: unknown = req.route;
  if (typeof route === 'object' && route !== null && 'path' in route && typeof route.path === 'string') {
    return `${req.baseUrl}${route.path}`;
  }
  return req.baseUrl ? `${req.baseUrl}/*` : 'unmatched';
}

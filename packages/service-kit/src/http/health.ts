import { type Request, Router } from 'express';
import type { ReadinessBody } from '@agentdock/contracts';

/**
 * A readiness check resolves when its dependency is usable and rejects (or times out) when not.
 * The signal aborts when the check has run out of time, so fetches and queries can stop too.
 */
export type ReadinessCheck = (signal: AbortSignal) => Promise<unknown>;

export interface HealthRoutesOptions {
  service: string;
  readiness: Record<string, ReadinessCheck>;
  timeoutMs: number;
  /** False hides which dependency is down and why, e.g. from the public internet. */
  showDetails?: (req: Request) => boolean;
}

/**
 * GET /healthz answers as long as the process serves HTTP (liveness); GET /readyz runs every
 * readiness check in parallel and answers 503 when one is down, naming it.
 */
export function healthRoutes({ service, readiness, timeoutMs, showDetails = () => true }: HealthRoutesOptions): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'up' });
  });
  router.get('/readyz', async (req, res) => {
    const body = await checkReadiness(service, readiness, timeoutMs);
    res
      .set('Cache-Control', 'no-store')
      .status(body.status === 'up' ? 200 : 503)
      .json(showDetails(req) ? body : { ...body, checks: {} });
  });
  return router;
}

async function checkReadiness(service: string, readiness: Record<string, ReadinessCheck>, timeoutMs: number): Promise<ReadinessBody> {
  const results = await Promise.all(Object.entries(readiness).map(async ([name, check]) => [name, await runCheck(check, timeoutMs)] as const));
  const checks = Object.fromEntries(results);
  const allUp = results.every(([, result]) => result.status === 'up');
  return { status: allUp ? 'up' : 'down', service, checks };
}

type CheckResult = ReadinessBody['checks'][string];

async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new Error(`timed out after ${timeoutMs} ms`);
      // Settle first: a check that gives up on abort must not win the race as "up".
      reject(error);
      controller.abort(error);
    }, timeoutMs);
  });
  try {
    await Promise.race([check(controller.signal), timedOut]);
    return { status: 'up' };
  } catch (err) {
    return { status: 'down', error: errorMessage(err) };
  } finally {
    clearTimeout(timer);
  }
}

// Duck-typed: errors raised inside Node itself (fetch, sockets) fail instanceof checks under jest.
function errorMessage(err: unknown): string {
  return typeof err === 'object' && err !== null && 'message' in err ? String(err.message) : String(err);
}

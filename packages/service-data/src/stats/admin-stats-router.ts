import { type StatsRange, statsRangeQuery } from '@agentdock/contracts';
import { type RequestHandler, Router } from 'express';

/**
 * GET `path` (absolute) behind `guard`: the service's figures for the range in the query, which
 * is validated here so every service refuses a bad range with the same 400.
 */
export function adminStatsRouter<T>(options: { path: string; guard: RequestHandler[]; compute: (range: StatsRange) => Promise<T> }): Router {
  const router = Router();
  router.get(options.path, ...options.guard, async (req, res) => {
    const range = statsRangeQuery.parse(req.query);
    res.set('Cache-Control', 'no-store').json(await options.compute(range));
  });
  return router;
}

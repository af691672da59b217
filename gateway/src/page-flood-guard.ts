import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorText } from '@agentdock/contracts';
import type { Logger } from '@agentdock/service-kit';
import { announce, minuteCounter, rateLimitKey, WINDOW_SECONDS } from './rate-limit';

// One line per this interval at most, however many page requests a flood gets refused.
const SUMMARY_EVERY_MS = 10_000;

export interface PageFloodGuardOptions {
  perMinute: number;
  /** The client's address, as the API's rate limit takes it (TRUST_PROXY_HOPS applies). */
  addressOf(req: IncomingMessage): string;
  /** Headers every refusal carries besides the rate-limit ones (the API answers' security headers). */
  headers: ReadonlyArray<[string, string]>;
  /** Paths that are not pages though they have no extension: the gateway's own probes and metrics. */
  exempt: ReadonlySet<string>;
  logger: Logger;
  now?: () => number;
}

/** GET or HEAD of a path without a file extension (other than `exempt`): a page, which may cost a server render. */
export function isPageRequest(req: IncomingMessage, exempt: ReadonlySet<string>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = req.url ?? '';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return !/\.[^/]*$/.test(path) && !exempt.has(path);
}

/**
 * The per-IP limit for page requests (files pass freely: one page load fetches many; /api and /v1
 * have their own limits): a flood of page URLs is refused before it reaches the shell's server
 * renderer instead of slowing everything else down. Returns true when it answered the request.
 *
 * It runs in the gateway's node:http listener, in front of express: during a flood nearly every
 * page request is refused, and through express (its router, request id, request log line at warn
 * and metrics for each 429) a refusal cost about what a served API request costs, so the API's
 * requests queued behind them. Here a refusal is a count and a prepared answer, and the log gets
 * one line per interval with the number refused and the addresses that were refused most.
 */
export interface PageFloodGuard {
  /** Answers the request with 429 when it is a page over its client's budget; true when it did. */
  refuse(req: IncomingMessage, res: ServerResponse): boolean;
  /** Writes the last summary and stops its timer. */
  close(): void;
}

export function pageFloodGuard({ perMinute, addressOf, headers, exempt, logger, now = Date.now }: PageFloodGuardOptions): PageFloodGuard {
  const count = minuteCounter(now);
  const policy = `${perMinute};w=${WINDOW_SECONDS}`;
  const body = JSON.stringify({ error: { code: 'rate_limited', message: errorText('rate_limited') } });
  const refusedBy = new Map<string, number>();
  let refused = 0;

  const summarise = () => {
    if (refused === 0) return;
    const top = [...refusedBy].sort((a, b) => b[1] - a[1]).slice(0, 5);
    logger.warn({ refused, clients: Object.fromEntries(top) }, `page requests refused in the last ${SUMMARY_EVERY_MS / 1000} s: over the per-IP page limit`);
    refused = 0;
    refusedBy.clear();
  };
  const timer = setInterval(summarise, SUMMARY_EVERY_MS).unref();

  return {
    refuse: (req, res) => {
      if (!isPageRequest(req, exempt)) return false;
      const key = rateLimitKey(addressOf(req));
      const { hits, msToReset } = count(key);
      const resetSeconds = announce(res, policy, perMinute, perMinute - hits, msToReset);
      if (hits <= perMinute) return false;
      refused += 1;
      refusedBy.set(key, (refusedBy.get(key) ?? 0) + 1);
      for (const [name, value] of headers) res.setHeader(name, value);
      res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(resetSeconds) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
    close: () => {
      clearInterval(timer);
      summarise();
    },
  };
}

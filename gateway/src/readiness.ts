import type { ReadinessCheck } from '@agentdock/service-kit';
import { type GatewayConfig, UPSTREAM_NAMES } from './config';

/**
 * One check per service (its own /readyz; with replicas, ready when any one is) and one for the
 * shell's static server.
 */
export function upstreamReadiness(config: GatewayConfig): Record<string, ReadinessCheck> {
  const checks: Record<string, ReadinessCheck> = {};
  for (const name of UPSTREAM_NAMES) checks[name] = (signal) => Promise.any(config.upstreams[name].map((url) => expectOk(`${url}/readyz`, signal))).catch(firstReason);
  checks.shell = (signal) => expectOk(`${config.shellUrl}/`, signal);
  return checks;
}

/** All replicas failed: report the first one's reason, not "All promises were rejected". */
function firstReason(error: unknown): never {
  throw error instanceof AggregateError ? error.errors[0] : error;
}

async function expectOk(url: string, signal: AbortSignal): Promise<void> {
  const res = await fetch(url, { signal, redirect: 'manual' }).catch((err: unknown) => {
    // fetch only says "fetch failed"; the cause's code (ECONNREFUSED…) is what an operator needs.
    const code = systemErrorCode(err);
    throw new Error(code ? `unreachable (${code})` : 'unreachable', { cause: err });
  });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`responded ${res.status}`);
}

// Duck-typed: fetch's errors come from Node's own realm, where instanceof checks can fail.
function systemErrorCode(err: unknown): string | undefined {
  const cause = typeof err === 'object' && err !== null && 'cause' in err ? err.cause : undefined;
  return typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
}

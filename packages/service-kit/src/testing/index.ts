// Helpers for tests of any HTTP process (a service or the gateway): quiet logs, a token issuer,
// free ports, child processes, and the access-matrix and hostile-input checks of an app's routes.
// Helpers that need a database or an event stream are in @agentdock/service-data/testing.
import { createServer as createNetServer } from 'node:net';
import { logLevelSchema } from '../config/env-schemas';
import { createLogger, type Logger } from '../logger';

export { createTestIssuer, type TestIssuer, type TestTokenOptions } from './test-keys';
export { type RunningProcess, runServiceProcess } from './run-process';
export {
  type Access,
  type AccessTable,
  checkAccessMatrix,
  type Endpoint,
  endpointAccessRows,
  endpointKey,
  kitAccessRows,
  mountedEndpoints,
  type Role,
  ROLES,
} from './access-matrix';
export { checkTeamAccessMatrix, TEAM_ROLES, type TeamAccess, type TeamAccessTable, type TeamMatrixOptions, type TeamRole } from './team-matrix';
export { describeAccessMatrix, describeHostileInput } from './service-suites';
export { contractFieldNames, type FuzzResult, fuzzEndpoints } from './hostile-input';

export function testLogger(): Logger {
  return createLogger({ service: 'test', level: logLevelSchema.catch('silent').parse(process.env.LOG_LEVEL ?? 'silent') });
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const result = await check();
      if (result !== undefined && result !== false) return result;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Condition not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
}

/** A port nothing listens on right now, for a process a test starts on a port of its own. */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('The system gave no port');
  return address.port;
}

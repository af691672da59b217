// The access-matrix and hostile-input tests every service runs, written once: start the service,
// sign in the callers, call every mounted endpoint and expect no answer against the table (or no
// 5xx). A service's test supplies only how to start it, its table(s), its callers and its fields.
import type { Server } from 'node:http';
import { type AccessTable, checkAccessMatrix, type MatrixOptions } from './access-matrix';
import { type FuzzOptions, fuzzEndpoints } from './hostile-input';

/** What the suites need of a service's test harness. */
export interface ServiceHarness {
  url: string;
  service: { server: Server };
  close(): Promise<unknown>;
}

interface Check<H> {
  table: AccessTable;
  /** Headers of a user, a suspended user and an admin. */
  principals(harness: H): Promise<MatrixOptions['principals']>;
  /** The test's name, where the default does not say it. */
  test?: string;
  /** Said after "access matrix" or "fuzz" in the log line, e.g. "with API keys". */
  label?: string;
}

interface Suite<H extends ServiceHarness, C> {
  /** e.g. `svc-billing`. */
  service: string;
  /** The database the service runs on (PGlite or PostgreSQL), for the suite's name. */
  driver: string;
  start(): Promise<H>;
  checks: C[];
}

function describeService<H extends ServiceHarness, C>(title: string, suite: Suite<H, C>, test: (check: C, harness: () => H) => void): void {
  describe(`${suite.service} ${title} (${suite.driver})`, () => {
    let harness: H;
    beforeAll(async () => {
      harness = await suite.start();
    });
    afterAll(() => harness.close());
    for (const check of suite.checks) test(check, () => harness);
  });
}

const logLabel = (check: { label?: string }) => (check.label ? ` ${check.label}` : '');

/** Every mounted endpoint called as each role, answered as the table says (the suspended user once the service refuses them). */
export function describeAccessMatrix<H extends ServiceHarness>(suite: Suite<H, Check<H>>): void {
  describeService('authorization matrix', suite, (check, harness) => {
    it(check.test ?? 'answers every mounted endpoint × {anonymous, user, suspended, admin} as the table says', async () => {
      const { service, url } = harness();
      const result = await checkAccessMatrix({ server: service.server, url, table: check.table, principals: await check.principals(harness()) });
      console.info(`${suite.service} access matrix${logLabel(check)}: ${result.endpoints.length} endpoints, ${result.calls} calls`);
      expect(result.problems).toEqual([]);
    });
  });
}

export type HostileInputCheck<H> = Check<H> & Pick<FuzzOptions, 'fields' | 'headers' | 'knownSegments'>;

/** Every mounted endpoint sent hostile input as a caller the table lets through, never answering 5xx. */
export function describeHostileInput<H extends ServiceHarness>(suite: Suite<H, HostileInputCheck<H>>): void {
  describeService('under hostile input', suite, (check, harness) => {
    it(check.test ?? 'answers every mounted endpoint below 500 whatever it is sent', async () => {
      const { service, url } = harness();
      const { table, fields, headers, knownSegments } = check;
      const result = await fuzzEndpoints({ server: service.server, url, table, principals: await check.principals(harness()), fields, headers, knownSegments });
      console.info(`${suite.service} fuzz${logLabel(check)}: ${result.sent} hostile requests to ${result.endpoints} endpoints, ${result.failures.length} answered 5xx`);
      expect(result.failures).toEqual([]);
    });
  });
}

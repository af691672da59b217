import { spawn } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { isoTimeField, serializeError } from './logger';

const loggerModule = fileURLToPath(new URL('./logger.ts', import.meta.url));

/** Runs `body` in a fresh Node process with `logger` from createLogger({ batchedWrites: true }); resolves with each stdout chunk and when it arrived (Date.now()). */
function runBatchedLogger(body: string): Promise<Array<{ text: string; at: number }>> {
  const script = `import { createLogger } from ${JSON.stringify(loggerModule)}; const logger = createLogger({ service: 't', batchedWrites: true }); ${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { env: { ...process.env, JEST_WORKER_ID: '', LOG_LEVEL: 'info' } });
  const chunks: Array<{ text: string; at: number }> = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push({ text: String(chunk), at: Date.now() }));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => resolve(chunks));
  });
}

describe('error serialisation', () => {
  it('keeps a failed query’s statement and reason but never its parameters', () => {
    const failed = Object.assign(new Error('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: a@example.com,$argon2id$v=19$m=19456$secret'), {
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['a@example.com', '$argon2id$v=19$m=19456$secret'],
      cause: Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    });
    const logged = JSON.stringify(serializeError(failed));
    expect(logged).toContain('insert into');
    expect(logged).toContain('duplicate key');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('a@example.com');
  });

  it('is what the kit’s loggers use for `err`', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) });
    const logger = pino({ serializers: { err: serializeError } }, sink);
    logger.error({ err: Object.assign(new Error('Failed query: x\nparams: hunter2'), { params: ['hunter2'] }) }, 'boom');
    expect(lines.join('')).not.toContain('hunter2');
  });
});

describe('batched writes (the gateway’s line per request)', () => {
  it('writes many lines in a few writes and loses none of a batch still pending at exit', async () => {
    const chunks = await runBatchedLogger(`for (let i = 0; i < 100; i += 1) logger.info({ i }, 'line'); process.exit(0);`);
    const lines = chunks
      .map((chunk) => chunk.text)
      .join('')
      .trim()
      .split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { i: number }).i)).toEqual([...Array(100).keys()]);
    expect(chunks.length).toBeLessThan(20);
  }, 30_000);

  it('writes a quiet process’s line within a fifth of a second, not when the batch fills', async () => {
    const chunks = await runBatchedLogger(`setTimeout(() => logger.info({ loggedAt: Date.now() }, 'alone'), 300); setTimeout(() => process.exit(0), 2_000);`);
    expect(chunks).toHaveLength(1);
    const line = JSON.parse(chunks[0]!.text) as { msg: string; loggedAt: number };
    expect(line.msg).toBe('alone');
    // Written 200 ms after it was logged at the latest, plus the scheduling slack of a loaded machine;
    // the process ends 1.7 s after logging, so a line held until exit would fail this.
    expect(chunks[0]!.at - line.loggedAt).toBeLessThan(800);
  }, 30_000);
});

describe('the time field', () => {
  it('is pino’s isoTime, across second, minute, day and year boundaries and for every millisecond', () => {
    const instants = [0, 999, 1_000, 59_999, 60_000, Date.UTC(2026, 11, 31, 23, 59, 59, 999), Date.UTC(2027, 0, 1), Date.UTC(2026, 10, 23, 21, 5, 50, 7)];
    for (let ms = 0; ms < 2_500; ms += 1) instants.push(Date.UTC(2026, 10, 23, 12, 0, 0) + ms);
    for (const instant of instants) expect(isoTimeField(instant)).toBe(`,"time":"${new Date(instant).toISOString()}"`);
    // Out of order too: a cached second never leaks into another.
    for (const instant of [...instants].reverse()) expect(isoTimeField(instant)).toBe(`,"time":"${new Date(instant).toISOString()}"`);
  });
});

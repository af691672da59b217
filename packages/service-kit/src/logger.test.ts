import { Writable } from 'node:stream';
import pino from 'pino';
import { serializeError } from './logger';

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

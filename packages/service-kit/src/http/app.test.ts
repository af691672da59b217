import { Router } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { apiErrorBody, readinessBody } from '@agentdock/contracts';
import { ConflictError } from '../errors/app-errors';
import { createLogger } from '../logger';
import { createHttpApp } from './app';

const logger = createLogger({ service: 'test' });

function testApp(readiness = {}) {
  return createHttpApp({
    service: 'svc-test',
    logger,
    readiness,
    readinessTimeoutMs: 200,
    bodyLimit: '1kb',
    mount: (app) => {
      const router = Router();
      router.get('/items/:id', (req, res) => {
        res.json({ id: req.params.id, requestId: req.headers['x-request-id'] });
      });
      router.post('/items', (req, res) => {
        const item = z.object({ name: z.string().min(1) }).parse(req.body);
        res.status(201).json(item);
      });
      router.post('/taken', () => {
        throw new ConflictError('That name is taken.', { code: 'plan_exists' });
      });
      router.post('/text', async () => {
        // As drizzle reports PostgreSQL's refusal of a NUL byte.
        throw new Error('Failed query: insert into notes', { cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }) });
      });
      router.get('/broken', async () => {
        throw new Error('database password is hunter2');
      });
      app.use('/api/test', router);
    },
  });
}

describe('bad input that reaches past the schemas', () => {
  it('answers a path with malformed percent-encoding with 400, not 500', async () => {
    for (const path of ['/api/test/items/%E0%A4%A', '/api/test/items/%ff%fe']) {
      const res = await request(testApp()).get(path).expect(400);
      expect(apiErrorBody.parse(res.body).error.code).toBe('invalid_url');
    }
  });

  it('refuses a NUL character in a JSON body or the query at the edge', async () => {
    const inBody = await request(testApp()).post('/api/test/items').send({ name: 'a\u0000b' }).expect(400);
    expect(apiErrorBody.parse(inBody.body).error.code).toBe('invalid_text');
    const inQuery = await request(testApp()).get('/api/test/items/1?filter=a%00b').expect(400);
    expect(apiErrorBody.parse(inQuery.body).error.code).toBe('invalid_text');
    await request(testApp()).post('/api/test/items').send({ name: 'line one\nline two' }).expect(201);
  });

  it('marks every answer to a signed-in request no-store', async () => {
    const signedIn = await request(testApp()).get('/api/test/items/1').set('authorization', 'Bearer x').expect(200);
    expect(signedIn.headers['cache-control']).toBe('no-store');
    const anonymous = await request(testApp()).get('/api/test/items/1').expect(200);
    expect(anonymous.headers['cache-control']).toBeUndefined();
  });

  it('answers text the database refuses (a NUL byte) with 400, not 500', async () => {
    const res = await request(testApp()).post('/api/test/text').send({}).expect(400);
    expect(apiErrorBody.parse(res.body).error).toMatchObject({ code: 'invalid_text', message: 'Text may not contain NUL or other control characters.' });
  });
});

describe('createHttpApp', () => {
  it('answers liveness and hides the framework', async () => {
    const res = await request(testApp()).get('/healthz').expect(200);
    expect(res.body).toEqual({ status: 'up' });
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  describe('request ids', () => {
    it('keeps a sane incoming id and hands it to routes and the response', async () => {
      const res = await request(testApp()).get('/api/test/items/7').set('x-request-id', 'req-abc.123').expect(200);
      expect(res.headers['x-request-id']).toBe('req-abc.123');
      expect(res.body).toEqual({ id: '7', requestId: 'req-abc.123' });
    });

    it('replaces a missing or unsafe id with a UUID', async () => {
      const res = await request(testApp()).get('/api/test/items/7').set('x-request-id', '<script>alert(1)</script>').expect(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.requestId).toBe(res.headers['x-request-id']);
    });
  });

  describe('readiness', () => {
    it('is up when every check passes', async () => {
      const res = await request(testApp({ database: async () => 'ok' }))
        .get('/readyz')
        .expect(200);
      expect(readinessBody.parse(res.body)).toEqual({ status: 'up', service: 'svc-test', checks: { database: { status: 'up' } } });
    });

    it('answers 503 naming the failing and the hanging check', async () => {
      const app = testApp({
        database: async () => 'ok',
        events: async () => {
          throw new Error('bus closed');
        },
        slow: (signal: AbortSignal) => new Promise((resolve) => signal.addEventListener('abort', resolve)),
      });
      const res = await request(app).get('/readyz').expect(503);
      expect(readinessBody.parse(res.body)).toEqual({
        status: 'down',
        service: 'svc-test',
        checks: {
          database: { status: 'up' },
          events: { status: 'down', error: 'bus closed' },
          slow: { status: 'down', error: 'timed out after 200 ms' },
        },
      });
    });
  });

  describe('metrics', () => {
    it('exposes process metrics and request durations by route pattern', async () => {
      const app = testApp();
      await request(app).get('/api/test/items/41').expect(200);
      await request(app).get('/api/test/items/42').expect(200);
      await request(app).get('/nowhere').expect(404);
      const res = await request(app).get('/metrics').expect(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.text).toContain('process_cpu_user_seconds_total');
      expect(res.text).toMatch(/http_request_duration_seconds_count\{service="svc-test",method="GET",route="\/api\/test\/items\/:id",status="200"\} 2/);
      expect(res.text).toMatch(/http_request_duration_seconds_count\{service="svc-test",method="GET",route="unmatched",status="404"\} 1/);
    });

    it('keeps metrics of apps in one process apart', async () => {
      await request(testApp()).get('/healthz');
      await request(testApp()).get('/metrics').expect(200);
    });
  });

  describe('errors', () => {
    it('maps zod failures to 400 validation_failed with fields', async () => {
      const res = await request(testApp()).post('/api/test/items').set('x-request-id', 'r1').send({ name: '' }).expect(400);
      expect(apiErrorBody.parse(res.body)).toEqual({
        error: {
          code: 'validation_failed',
          message: 'Some fields are invalid',
          // A person reads it beside the field: a sentence, not zod's "Too small: expected string to have >=1 characters".
          fields: [{ path: 'name', message: 'This field is required.' }],
          requestId: 'r1',
        },
      });
    });

    it('maps AppErrors to their status and code', async () => {
      const res = await request(testApp()).post('/api/test/taken').expect(409);
      expect(res.body.error).toMatchObject({ code: 'plan_exists', message: 'That name is taken.' });
    });

    it('answers 400 to malformed JSON and 413 to oversized bodies', async () => {
      const malformed = await request(testApp()).post('/api/test/items').set('content-type', 'application/json').send('{"name":').expect(400);
      expect(malformed.body.error).toMatchObject({ code: 'invalid_json', message: 'The request body is not valid JSON.' });
      const huge = await request(testApp())
        .post('/api/test/items')
        .send({ name: 'x'.repeat(2000) })
        .expect(413);
      expect(huge.body.error).toMatchObject({ code: 'payload_too_large', message: 'The request body is too large. The limit is 1 KB.' });
    });

    it('hides unexpected errors behind a 500 without stack or message', async () => {
      const res = await request(testApp()).get('/api/test/broken').expect(500);
      expect(res.body.error).toMatchObject({ code: 'internal_error', message: 'An unexpected error occurred' });
      expect(res.text).not.toContain('hunter2');
      expect(res.text).not.toContain('.ts');
    });

    it('answers unknown routes with a JSON 404', async () => {
      const res = await request(testApp()).delete('/api/test/nothing').expect(404);
      expect(res.body.error).toMatchObject({ code: 'not_found', message: 'No route matches DELETE /api/test/nothing.' });
    });
  });
});

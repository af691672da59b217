import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { withFastPath } from './api-fast-path';

/** An app with an express route for /slow, a fast path for /fast/<key>, and handlers that record what ran. */
function appWith(handlers: RequestHandler[], seen: string[]) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 1);
  app.get('/slow', (_req, res) => void res.json({ routed: true }));
  const handleError: ErrorRequestHandler = (err: Error, _req, res, _next) => {
    seen.push(`error:${err.message}`);
    res.status(500).json({ error: err.message });
  };
  return withFastPath(app, {
    select: (url) => (url.startsWith('/fast/') ? url.slice(6) : undefined),
    handlers,
    answer: (key, req, res) => {
      seen.push(`answer:${key}`);
      res.json({ key, ip: req.ip, protocol: req.protocol, originalUrl: req.originalUrl, baseUrl: req.baseUrl });
    },
    handleError,
  });
}

describe('the fast path', () => {
  it('runs the handlers in order, then answers, with express’s request and the app’s settings', async () => {
    const seen: string[] = [];
    const step =
      (name: string): RequestHandler =>
      (_req, res, next) => {
        seen.push(name);
        res.setHeader(`x-${name}`, 'yes');
        next();
      };
    const app = appWith([step('one'), step('two')], seen);
    const res = await request(app).get('/fast/catalog').set('x-forwarded-for', '203.0.113.7').set('x-forwarded-proto', 'https').expect(200);
    expect(seen).toEqual(['one', 'two', 'answer:catalog']);
    expect(res.headers['x-one']).toBe('yes');
    expect(res.body).toEqual({ key: 'catalog', ip: '203.0.113.7', protocol: 'https', originalUrl: '/fast/catalog', baseUrl: '' });
  });

  it('leaves every other request to the router', async () => {
    const seen: string[] = [];
    const res = await request(appWith([], seen)).get('/slow').expect(200);
    expect(res.body).toEqual({ routed: true });
    expect(seen).toEqual([]);
  });

  it.each([
    ['passed to next()', ((_req, _res, next) => next(new Error('passed'))) as RequestHandler, 'passed'],
    [
      'thrown',
      (() => {
        throw new Error('thrown');
      }) as RequestHandler,
      'thrown',
    ],
    [
      'a rejected promise',
      (async () => {
        throw new Error('rejected');
      }) as RequestHandler,
      'rejected',
    ],
  ])('sends an error %s to the error handler and skips the rest', async (_how, failing, message) => {
    const seen: string[] = [];
    const after: RequestHandler = (_req, _res, next) => {
      seen.push('after');
      next();
    };
    const res = await request(appWith([failing, after], seen))
      .get('/fast/x')
      .expect(500);
    expect(res.body).toEqual({ error: message });
    expect(seen).toEqual([`error:${message}`]);
  });
});

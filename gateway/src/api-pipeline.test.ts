import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { closeHttpServer, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { apiPipeline, frontOf } from './api-pipeline';

/** An app with an express route for /slow, a pipeline for /fast/<key> in front, and handlers that record what ran. */
function appWith(layers: RequestHandler[], seen: string[]) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 1);
  app.get('/slow', (req, res) => void res.json({ routed: true, ip: req.ip }));
  const handleError: ErrorRequestHandler = (err: Error, _req, res, _next) => {
    seen.push(`error:${err.message}`);
    res.status(500).json({ error: err.message });
  };
  const fast = apiPipeline({
    app,
    layers,
    answer: (req, res) => {
      seen.push(`answer:${req.url}`);
      res.json({ url: req.url, ip: req.ip, protocol: req.protocol, originalUrl: req.originalUrl, baseUrl: req.baseUrl });
    },
    handleError,
  });
  return frontOf(app, (req, res) => {
    if (!req.url?.startsWith('/fast/')) return false;
    fast(req, res);
    return true;
  });
}

describe('the API pipeline in front of express', () => {
  it('runs the layers in order, then answers, with express’s request and the app’s settings', async () => {
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
    expect(seen).toEqual(['one', 'two', 'answer:/fast/catalog']);
    expect(res.headers['x-one']).toBe('yes');
    expect(res.body).toEqual({ url: '/fast/catalog', ip: '203.0.113.7', protocol: 'https', originalUrl: '/fast/catalog', baseUrl: '' });
  });

  it('leaves every other request to the app', async () => {
    const seen: string[] = [];
    const res = await request(appWith([], seen)).get('/slow').set('x-forwarded-for', '203.0.113.7').expect(200);
    expect(res.body).toEqual({ routed: true, ip: '203.0.113.7' });
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

  it('lets startHttpServer create every request, piped or routed, with the app’s own prototypes', async () => {
    const prototypes: boolean[] = [];
    const app = express();
    const check: RequestHandler = (req, res, next) => {
      prototypes.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
      next();
    };
    app.get('/routed', check, (_req, res) => void res.send('routed'));
    const fast = apiPipeline({ app, layers: [check], answer: (_req, res) => void res.send('piped'), handleError: (_err, _req, res) => void res.sendStatus(500) });
    const server = await startHttpServer(
      frontOf(app, (req, res) => req.url === '/piped' && (fast(req, res), true)),
      { port: 0, host: '127.0.0.1' },
    );
    try {
      expect(await (await fetch(`${serverUrl(server)}/piped`)).text()).toBe('piped');
      expect(await (await fetch(`${serverUrl(server)}/routed`)).text()).toBe('routed');
      // Created with them (startHttpServer's classes), not swapped in afterwards.
      expect(prototypes).toEqual([true, true, true, true]);
      expect(Object.getPrototypeOf(app.request)).not.toBe(express.request);
    } finally {
      await closeHttpServer(server);
    }
  });
});

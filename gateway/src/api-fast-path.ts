import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void) => void;

export interface FastPath<Key> {
  /** Which requests take the fast path (by URL), and what `answer` gets for them; undefined leaves a request to express. */
  select: (url: string) => Key | undefined;
  /** The middleware express would run for those requests, in its order. */
  handlers: readonly RequestHandler[];
  /** Ends the request once every handler has passed it on. */
  answer: (key: Key, req: Request, res: Response) => void;
  /** Where a handler's error goes: the app's own error handler. */
  handleError: ErrorRequestHandler;
}

/**
 * Sends the requests `select` picks through a fixed list of middleware and then `answer`, without
 * express's router; every other request goes to the app as before. For the gateway's proxied /api
 * requests the router's work (matching each layer's path, stripping and restoring the mount path,
 * restoring state between layers) was a large share of the gateway's CPU per request, and it has
 * nothing to decide for them: which middleware they pass is known from the path alone.
 *
 * The handlers run exactly as express runs them: with express's request and response (their
 * prototypes and the properties app.handle and the router set), an error passed to next(), thrown,
 * or a rejected promise goes to `handleError`. Express reads the app's settings (trust proxy) through
 * the prototypes, so req.ip, req.protocol and req.secure answer as they do in the app.
 */
export function withFastPath<Key>(app: Express, { select, handlers, answer, handleError }: FastPath<Key>): Express {
  // app.handle is what the app function calls for every request (express types leave it out).
  const routable = app as unknown as { handle: Handle };
  const routed = routable.handle;
  const poweredBy = app.enabled('x-powered-by');
  const fast: Handle = (incoming, outgoing, callback) => {
    const key = select(incoming.url ?? '');
    if (key === undefined) return routed.call(app, incoming, outgoing, callback);
    const req = expressRequest(app, incoming);
    const res = expressResponse(app, outgoing);
    if (poweredBy) res.setHeader('X-Powered-By', 'Express');
    req.res = res;
    res.req = req;
    res.locals ??= Object.create(null) as Response['locals'];
    // What the router sets before the first layer; the request logger and the metrics read them.
    req.originalUrl = req.url;
    req.baseUrl = '';
    let index = 0;
    const next: NextFunction = (err?: unknown) => {
      if (err) return void handleError(err, req, res, () => req.socket.destroy());
      const handler = handlers[index++];
      if (handler === undefined) return answer(key, req, res);
      try {
        const result: unknown = handler(req, res, next);
        if (isPromise(result)) result.then(undefined, (error: unknown) => next(error ?? new Error('Rejected promise')));
      } catch (error) {
        next(error);
      }
    };
    next();
  };
  routable.handle = fast;
  return app;
}

// The router's own test for a handler that returned a promise.
const isPromise = (value: unknown): value is PromiseLike<unknown> => typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/**
 * A server started with startHttpServer creates its requests with express's prototype already; a
 * bare node:http server (supertest) does not, and then the prototype is set here, as app.handle does.
 */
function expressRequest(app: Express, req: IncomingMessage): Request {
  if (Object.getPrototypeOf(req) !== app.request) Object.setPrototypeOf(req, app.request);
  return req as Request;
}

function expressResponse(app: Express, res: ServerResponse): Response {
  if (Object.getPrototypeOf(res) !== app.response) Object.setPrototypeOf(res, app.response);
  return res as Response;
}

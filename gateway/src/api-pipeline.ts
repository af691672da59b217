import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ErrorRequestHandler, Express, NextFunction, Request, RequestHandler, Response } from 'express';

/** A node:http listener for one kind of request: its layers, then its answer. */
export type ApiPipeline = (req: IncomingMessage, res: ServerResponse) => void;

export interface ApiPipelineOptions {
  /** The app whose request and response prototypes (and with them its settings: trust proxy) the requests get. */
  app: Express;
  /** The middleware every request passes, in order. */
  layers: readonly RequestHandler[];
  /** Ends the request once every layer has passed it on. */
  answer: (req: Request, res: Response) => void;
  /** Where a layer's error goes: the app's own error handler. */
  handleError: ErrorRequestHandler;
}

/**
 * Runs a request through a fixed list of express middleware and then `answer`, in a plain node:http
 * listener placed in front of the express app: the gateway's API requests never enter express's
 * router. For them the router's work (matching each layer's path, stripping and restoring the mount
 * path, restoring state between layers) was a large share of the gateway's CPU per request, and it
 * has nothing to decide: which middleware they pass is known from the path alone.
 *
 * The layers run as express runs them: with express's request and response (the app's prototypes,
 * and the properties express sets before the first layer), an error passed to next(), thrown, or a
 * rejected promise goes to `handleError`. Express reads the app's settings (trust proxy) through the
 * prototypes, so req.ip, req.protocol and req.secure answer as they do in the app. Nothing here
 * touches express's private API: only the documented app.request / app.response prototypes.
 */
export function apiPipeline({ app, layers, answer, handleError }: ApiPipelineOptions): ApiPipeline {
  const poweredBy = app.enabled('x-powered-by');
  return (incoming, outgoing) => {
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
      const layer = layers[index++];
      if (layer === undefined) return answer(req, res);
      try {
        const result: unknown = layer(req, res, next);
        if (isPromise(result)) result.then(undefined, (error: unknown) => next(error ?? new Error('Rejected promise')));
      } catch (error) {
        next(error);
      }
    };
    next();
  };
}

// The router's own test for a handler that returned a promise.
const isPromise = (value: unknown): value is PromiseLike<unknown> => typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/**
 * A server started with startHttpServer creates its requests with the app's prototype already
 * (see frontOf); a bare node:http server (supertest) does not, and then the prototype is set here,
 * as express does for the requests it handles.
 */
export function expressRequest(app: Express, req: IncomingMessage): Request {
  if (Object.getPrototypeOf(req) !== app.request) Object.setPrototypeOf(req, app.request);
  return req as Request;
}

function expressResponse(app: Express, res: ServerResponse): Response {
  if (Object.getPrototypeOf(res) !== app.response) Object.setPrototypeOf(res, app.response);
  return res as Response;
}

/** A request listener that serves an express app, with whatever it takes first in front of it. */
export type FrontedApp = ((req: IncomingMessage, res: ServerResponse) => void) & { request: Express['request']; response: Express['response'] };

/**
 * `front` in front of `app`: it answers the requests it wants (returns true) and leaves the rest to
 * the app. The listener carries the app's `request` and `response` prototypes, read and written
 * through to the app, as an express app does: the kit's startHttpServer then creates every request
 * with them (see expressServerClasses in @agentdock/service-kit), so neither express nor the
 * pipeline has a prototype to swap, which V8 cannot cache.
 */
export function frontOf(app: Express, front: (req: IncomingMessage, res: ServerResponse) => boolean): FrontedApp {
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (!front(req, res)) app(req, res);
  };
  return Object.defineProperties(listener, {
    request: { enumerable: true, get: () => app.request, set: (value: Express['request']) => void (app.request = value) },
    response: { enumerable: true, get: () => app.response, set: (value: Express['response']) => void (app.response = value) },
  }) as FrontedApp;
}

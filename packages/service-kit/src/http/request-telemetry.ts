import type { Request, RequestHandler, Response } from 'express';

/** Work done once a request is over; `started` is `performance.now()` at its arrival. */
export type RequestObserver = (req: Request, res: Response, started: number) => void;

/**
 * Runs the observers (the request log line, the duration histogram) once each response is over,
 * from a single 'close' listener: every response emits 'close' exactly once, after 'finish' when it
 * completed, so there is no once() wrapper and nothing to remove. One listener and one clock read
 * serve them all; on the gateway, every listener and handler a request passes is a measurable share
 * of its CPU.
 */
export function observeRequests(...observers: RequestObserver[]): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on('close', () => {
      for (const observe of observers) observe(req, res, started);
    });
    next();
  };
}

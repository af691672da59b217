import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Server-sent events must reach the browser as they are written. Nothing in the gateway buffers
 * or compresses, so chunks already flow through as they come; what remains is to send the headers
 * at once (an event stream may stay silent for a while) and to tell buffering reverse proxies in
 * front of the gateway (nginx) to stay out of the way.
 */
export function passEventStreamsThrough(contentType: string | undefined, res: ServerResponse): void {
  if (!contentType?.startsWith('text/event-stream')) return;
  res.setHeader('X-Accel-Buffering', 'no');
  // The proxy copies the upstream's status and headers right after this event, in the same tick.
  queueMicrotask(() => res.flushHeaders());
}

/**
 * A client that leaves mid-response (a chat stream closed in the browser) must not leave the
 * upstream writing to nobody: its response is destroyed too, which closes that connection.
 */
export function endWithClient(proxyRes: IncomingMessage, res: ServerResponse): void {
  res.once('close', () => {
    if (!res.writableEnded) proxyRes.destroy();
  });
}

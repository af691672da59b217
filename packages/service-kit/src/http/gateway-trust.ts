import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';

/**
 * The header the gateway puts on every request it forwards to a service, carrying the secret the
 * two share (GATEWAY_SECRET). Only a request with it may name its client (X-Forwarded-*).
 */
export const GATEWAY_SECRET_HEADER = 'x-agentdock-gateway';

const FORWARDED = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'forwarded'];
const fromGatewayRequests = new WeakSet<Request>();

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Believes the X-Forwarded-* headers of a request only when it carries the gateway's secret:
 * anything else that reaches a service's port (another process on the host, a container on the
 * network) has them removed, so it cannot choose the address its rate limits count against.
 * Without a secret nobody is believed. The secret itself goes no further than this check.
 */
export function trustForwardedOnlyFromGateway(secret: string | undefined): RequestHandler {
  const expected = secret ? digest(secret) : undefined;
  return (req, _res, next) => {
    const sent = req.headers[GATEWAY_SECRET_HEADER];
    const trusted = expected !== undefined && typeof sent === 'string' && timingSafeEqual(digest(sent), expected);
    if (sent !== undefined) delete req.headers[GATEWAY_SECRET_HEADER];
    if (trusted) fromGatewayRequests.add(req);
    else for (const name of FORWARDED) if (req.headers[name] !== undefined) delete req.headers[name];
    next();
  };
}

/** Whether the request came through the gateway (carried its secret); see trustForwardedOnlyFromGateway. */
export const cameFromGateway = (req: Request): boolean => fromGatewayRequests.has(req);

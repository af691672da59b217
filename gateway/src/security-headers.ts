import type { Request, RequestHandler, Response } from 'express';
import { LESSON_VIDEO_EMBED_ORIGINS } from '@agentdock/contracts';
import helmet from 'helmet';

export interface SecurityHeaders {
  /** For pages and the files they load: helmet's headers with the remotes' CSP. */
  documents: RequestHandler;
  /** For /api answers: JSON a page reads, never a page itself. */
  api: RequestHandler;
}

/**
 * Documents get helmet's headers with a CSP that lets the shell load the remotes: their entry
 * scripts and chunks (script-src), manifests (connect-src), stylesheets (style-src, with
 * 'unsafe-inline' for the styles a server-rendered page carries inline) and their images and
 * fonts, all from the remotes' origins and nowhere else.
 *
 * API answers get what OWASP's REST guidance asks of them instead: a CSP that allows nothing (an
 * answer opened as a page runs and loads nothing, stricter than the documents' policy), no
 * framing, no sniffing, no referrer, same-origin reads only. The rest of helmet's set (feature,
 * opener, prefetch and download policies) governs documents, and on every API answer it cost a
 * kilobyte that the gateway, the network and the client each handled for nothing. A service that
 * answers with a page of its own (the local mailbox) sends its own CSP, which replaces this one.
 */
export function securityHeaders(remoteUrls: string[]): SecurityHeaders {
  // Remotes given as paths are served from the gateway's own origin, which 'self' covers.
  const origins = [...new Set(remoteUrls.filter((url) => !url.startsWith('/')).map((url) => new URL(url).origin))];
  const helmetHeaders = helmet({
    // Browsers ignore HSTS over plain http, and a self-hosted install may be reached by IP: sent only over https below.
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...origins],
        connectSrc: ["'self'", ...origins],
        styleSrc: ["'self'", "'unsafe-inline'", ...origins],
        imgSrc: ["'self'", 'data:', ...origins],
        fontSrc: ["'self'", 'data:', ...origins],
        // Lesson videos: the players the catalog accepts as embeds, and video files over https.
        frameSrc: ["'self'", ...LESSON_VIDEO_EMBED_ORIGINS],
        mediaSrc: ["'self'", 'https:'],
        // Self-hosted installs often run on plain http; upgrading would break every remote load there.
        upgradeInsecureRequests: null,
      },
    },
  });
  return {
    documents: setting([
      ...fixedHeaders(helmetHeaders),
      // The product uses none of these; denying them limits what injected content could reach.
      ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=()'],
    ]),
    api: setting(API_HEADERS),
  };
}

/** The headers of every API answer (and of the gateway's own JSON refusals of pages). */
export const API_HEADERS: ReadonlyArray<[string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'no-referrer'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

function setting(headers: ReadonlyArray<[string, string]>): RequestHandler {
  return (req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    // req.secure is true behind a trusted TLS proxy too (X-Forwarded-Proto with TRUST_PROXY_HOPS).
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/**
 * The headers a helmet configuration sets, worked out once: with no per-request directives (no
 * nonces) they are the same on every response, and setting a list is cheaper on every request
 * than running helmet's dozen middlewares.
 */
function fixedHeaders(middleware: RequestHandler): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  let done = false;
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  void middleware({} as Request, recorder as unknown as Response, () => (done = true));
  if (!done) throw new Error('The security headers could not be worked out up front');
  return headers;
}

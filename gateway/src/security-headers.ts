import type { Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * Helmet's headers with a CSP that lets the shell load the remotes: their entry scripts and chunks
 * (script-src), manifests (connect-src), stylesheets (style-src, with 'unsafe-inline' for the
 * styles a server-rendered page carries inline)
 * and their images and fonts, all from the remotes' origins and nowhere else.
 */
export function securityHeaders(remoteUrls: string[]): RequestHandler {
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
        // Self-hosted installs often run on plain http; upgrading would break every remote load there.
        upgradeInsecureRequests: null,
      },
    },
  });
  const headers: Array<[string, string]> = [
    ...fixedHeaders(helmetHeaders),
    // The product uses none of these; denying them limits what injected content could reach.
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=()'],
  ];
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

import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Helmet's headers with a CSP that lets the shell load the remotes: their entry scripts and chunks
 * (script-src), manifests (connect-src), CSS injected by style-loader (style-src 'unsafe-inline')
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
  return (req, res, next) => {
    // The product uses none of these; denying them limits what injected content could reach.
    res.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=()');
    // req.secure is true behind a trusted TLS proxy too (X-Forwarded-Proto with TRUST_PROXY_HOPS).
    if (req.secure) res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    helmetHeaders(req, res, next);
  };
}

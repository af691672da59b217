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
  return helmet({
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
}

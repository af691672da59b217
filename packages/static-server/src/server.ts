import path from 'node:path';
import compression from 'compression';
import express, { type Express, type Request, type Response } from 'express';
import { cacheControlFor, REVALIDATE } from './cache-policy';

/** Build statistics and source maps name the build machine's folders; the browser never needs them. */
export const isUnpublished = (filePath: string) => /(^|\/)[^/]*stats\.json$/.test(filePath) || filePath.endsWith('.map');

const REMOTE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface StaticServerOptions {
  /** Folder to serve, usually a build's dist. */
  root: string;
  /** Answer unknown extension-less paths with index.html (the shell's client-side routes). */
  spaFallback?: boolean;
  /** Allow any origin to load the files (remotes are fetched cross-origin by the shell). */
  cors?: boolean;
  /**
   * Server rendering of page requests: the HTML to answer with, or null for the plain index.html.
   * It must not reject (the shell's renderer answers null on any failure).
   */
  renderPage?: (path: string) => Promise<string | null>;
  /**
   * Whether an extension-less path is one of the app's pages (the shell's route table). The SPA
   * fallback answers others with index.html too, whose router shows its not-found page, but with
   * status 404, so search engines and monitors see the truth. Without it every path is a page.
   */
  isPage?: (pathname: string) => boolean;
}

export function createStaticServer({ root, spaFallback = false, cors = false, renderPage, isPage }: StaticServerOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(compression());
  app.use((req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff');
    if (isUnpublished(req.path)) return notFound(req, res);
    next();
  });

  if (cors) {
    app.use((req, res, next) => {
      // A remote's files run inside the shell's page, under the gateway's policy; a remote's own
      // pages (opened directly) get one that allows nothing from elsewhere. The shell is not given
      // this header: the gateway sets its policy, and a second one would narrow it.
      res.set('Content-Security-Policy', REMOTE_CSP);
      res.set('Access-Control-Allow-Origin', '*');
      // Lets the files load even if the page ever opts into cross-origin isolation.
      res.set('Cross-Origin-Resource-Policy', 'cross-origin');
      if (req.method !== 'OPTIONS') return next();
      res.set('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.set('Access-Control-Allow-Headers', req.get('Access-Control-Request-Headers') ?? '');
      res.set('Access-Control-Max-Age', '86400');
      res.sendStatus(204);
    });
  }

  if (renderPage) {
    // Before the files, so / (index.html) is rendered too.
    app.use((req, res, next) => {
      if (!isPageRequest(req)) return next();
      renderPage(req.originalUrl).then(
        (html) => {
          if (html === null) return next();
          res.set('Cache-Control', REVALIDATE).type('html').send(html);
        },
        () => next(),
      );
    });
  }

  app.use(
    express.static(root, {
      index: 'index.html',
      setHeaders: (res, filePath) => res.set('Cache-Control', cacheControlFor(filePath)),
    }),
  );

  if (spaFallback) {
    const indexFile = path.join(root, 'index.html');
    app.use((req, res, next) => {
      if (!isPageRequest(req)) return next();
      res.status(isPage && !isPage(req.path) ? 404 : 200).set('Cache-Control', REVALIDATE);
      res.sendFile(indexFile, (error) => error && next(error));
    });
  }

  app.use((req, res) => notFound(req, res));
  return app;
}

/** A client-side route, as opposed to a missing asset that must stay a 404. */
function isPageRequest(req: Request): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && path.extname(req.path) === '';
}

function notFound(req: Request, res: Response) {
  res.status(404).set('Cache-Control', REVALIDATE);
  if (req.accepts(['text/plain', 'application/json']) === 'application/json') {
    res.json({ error: { code: 'not_found', message: `No file at ${req.path}` } });
    return;
  }
  res.type('text/plain').send('Not Found');
}

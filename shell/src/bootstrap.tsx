import '@agentdock/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { mayHoldSession } from '@agentdock/session/visitor';
import { App } from './app';
import { connectRemotes } from './federation/connect-remotes';
import { createPageRegistry } from './federation/page-registry';
import { servedPageWake } from './served-page-wake';
import { SERVER_RENDERED_ATTRIBUTE } from './server-rendered';

// The shell scrolls on navigation itself (ScrollManager); the browser's restoration would fight it.
window.history.scrollRestoration = 'manual';

// The first session check, when this browser may hold a session, has started already: the header's
// light session entry (@agentdock/session/visitor) starts it as it loads, alongside the remotes.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const served = root.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
// A served page shows the anonymous view. A visitor who is that view (no session, no query a page
// may act on) gets the page's own code at the first sign of use; anyone else at once. Until then
// the served markup stays as it is, and React hydrates it once the code has come.
if (!served || mayHoldSession() || window.location.search) servedPageWake.wake();
const registry = createPageRegistry(connectRemotes({ scriptsAfter: servedPageWake.woken }));

const app = (
  <StrictMode>
    <App registry={registry} />
  </StrictMode>
);
// A public page arrives rendered on the server: React takes over that markup where it stands
// (the page's own part once its remote has loaded) instead of drawing it again.
if (served) {
  hydrateRoot(root, app, {
    // A visitor with a session sees its own view where the server drew the anonymous one: React
    // renders that part in the browser, which is expected, not an error.
    onRecoverableError: (error) => console.info('[agentdock] rendered in the browser instead of hydrating:', error instanceof Error ? error.message : error),
  });
} else {
  createRoot(root).render(app);
}

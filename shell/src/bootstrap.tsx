import '@agentdock/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { connectRemotes } from './federation/connect-remotes';
import { createPageRegistry } from './federation/page-registry';
import { SERVER_RENDERED_ATTRIBUTE } from './server-rendered';

// The shell scrolls on navigation itself (ScrollManager); the browser's restoration would fight it.
window.history.scrollRestoration = 'manual';

// The first session check, when this browser may hold a session, has started already: the header's
// light session entry (@agentdock/session/visitor) starts it as it loads, alongside the remotes.
const registry = createPageRegistry(connectRemotes());
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App registry={registry} />
  </StrictMode>
);
// A public page arrives rendered on the server: React takes over that markup where it stands
// (the page's own part once its remote has loaded) instead of drawing it again.
if (root.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) {
  hydrateRoot(root, app, {
    // A visitor with a session sees its own view where the server drew the anonymous one: React
    // renders that part in the browser, which is expected, not an error.
    onRecoverableError: (error) => console.info('[agentdock] rendered in the browser instead of hydrating:', error instanceof Error ? error.message : error),
  });
} else {
  createRoot(root).render(app);
}

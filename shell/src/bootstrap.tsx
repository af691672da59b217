import '@agentdock/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getSessionClient } from '@agentdock/session';
import { App } from './app';
import { connectRemotes } from './federation/connect-remotes';
import { createPageRegistry } from './federation/page-registry';

// The shell scrolls on navigation itself (ScrollManager); the browser's restoration would fight it.
window.history.scrollRestoration = 'manual';

// The first session check starts now, alongside the remotes' downloads, not when a header renders.
getSessionClient();
const registry = createPageRegistry(connectRemotes());
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App registry={registry} />
  </StrictMode>,
);

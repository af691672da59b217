import '@agentdock/ui/styles.css';
import './shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { connectRemotes } from './federation/connect-remotes';
import { createPageRegistry } from './federation/page-registry';

// The shell scrolls on navigation itself (ScrollManager); the browser's restoration would fight it.
window.history.scrollRestoration = 'manual';

const registry = createPageRegistry(connectRemotes());
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App registry={registry} />
  </StrictMode>,
);

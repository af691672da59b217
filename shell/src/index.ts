import { holdInteractionsUntilInteractive } from './interaction-guard';
import { listenForIntent, servedPageWake } from './served-page-wake';

// Before the guard's: the guard stops the clicks it holds from reaching later listeners.
listenForIntent(servedPageWake);
// The served page is visible already; clicks on it wait until it is interactive.
holdInteractionsUntilInteractive(document, servedPageWake);

// Module Federation must set up shared modules before any of them is imported, so everything
// else sits behind this one asynchronous boundary.
import('./bootstrap');

import { holdInteractionsUntilInteractive } from './interaction-guard';

// The served page is visible already; clicks on it wait until it is interactive.
holdInteractionsUntilInteractive();

// Module Federation must set up shared modules before any of them is imported, so everything
// else sits behind this one asynchronous boundary.
import('./bootstrap');

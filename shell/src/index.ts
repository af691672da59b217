// Module Federation must set up shared modules before any of them is imported, so everything
// else sits behind this one asynchronous boundary.
import('./bootstrap');

import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long to wait for the new page's heading while its remote is still loading. */
const HEADING_TIMEOUT_MS = 10_000;

/**
 * After a navigation to another page, a keyboard or screen-reader user should start at the new
 * page's h1. When the control they used is gone with the old page (a submitted form that
 * redirected, a view that replaced itself), focus has fallen to <body>: move it to the heading
 * once it renders. Focus that is still somewhere is never taken away.
 */
export function FocusManager() {
  const { pathname } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const focusHeading = (): boolean => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      if (focusIsLost()) {
        if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focusHeading()) return undefined;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_TIMEOUT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);

  return null;
}

function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement;
}

import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long to wait for a hash target rendered by a page that is still loading. */
const HASH_TARGET_TIMEOUT_MS = 10_000;

/**
 * Every navigation starts at the top of the page, except one to a #fragment, which scrolls to
 * its target, waiting for it if the page that renders it is still being loaded.
 */
export function ScrollManager() {
  const { pathname, search, hash, key } = useLocation();

  useLayoutEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return undefined;
    }
    return scrollToFragment(decodeURIComponent(hash.slice(1)));
  }, [pathname, search, hash, key]);

  return null;
}

function scrollToFragment(id: string): () => void {
  const target = document.getElementById(id);
  if (target) {
    target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const late = document.getElementById(id);
    if (!late) return;
    stop();
    late.scrollIntoView({ block: 'start' });
  });
  const timer = window.setTimeout(() => stop(), HASH_TARGET_TIMEOUT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

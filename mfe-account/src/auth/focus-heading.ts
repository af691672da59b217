import { type RefObject, useEffect, useRef } from 'react';

/** How long to wait for a view that is still loading to draw its heading. */
const HEADING_TIMEOUT_MS = 10_000;

/**
 * Moves focus to the h1 inside `container` whenever `key` changes (never on the first render):
 * the control that was clicked is gone with the old view, and focus must not fall back to <body>.
 * A `key` of null means nothing is shown yet; the change from null moves no focus. A view loaded on
 * demand draws its h1 after the change: focus moves once it appears.
 */
export function useFocusHeadingOnChange(container: RefObject<HTMLElement | null>, key: unknown): void {
  const previous = useRef(key);
  useEffect(() => {
    const before = previous.current;
    previous.current = key;
    // null stands for "nothing shown yet" (e.g. the session check): the first real view is no change.
    if (Object.is(before, key) || before === null) return undefined;
    const element = container.current;
    if (!element) return undefined;
    const focusHeading = (): boolean => {
      const heading = element.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      heading.tabIndex = -1;
      heading.focus();
      return true;
    };
    if (focusHeading()) return undefined;
    // Meanwhile the visitor may have moved on: focus they put elsewhere is not taken away.
    const observer = new MutationObserver(() => {
      if (!focusIsLost(element)) stop();
      else if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_TIMEOUT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(element, { childList: true, subtree: true });
    return stop;
  }, [container, key]);
}

/** Focus is on <body>, or in the view being replaced (a control that is still there, or a spinner). */
function focusIsLost(container: HTMLElement): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement || container.contains(active);
}

import { type RefObject, useEffect, useRef } from 'react';

/**
 * Moves focus to the h1 inside `container` whenever `key` changes (never on the first render):
 * the control that was clicked is gone with the old view, and focus must not fall back to <body>.
 * A `key` of null means nothing is shown yet; the change from null moves no focus.
 */
export function useFocusHeadingOnChange(container: RefObject<HTMLElement | null>, key: unknown): void {
  const previous = useRef(key);
  useEffect(() => {
    const before = previous.current;
    previous.current = key;
    // null stands for "nothing shown yet" (e.g. the session check): the first real view is no change.
    if (Object.is(before, key) || before === null) return;
    const heading = container.current?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [container, key]);
}

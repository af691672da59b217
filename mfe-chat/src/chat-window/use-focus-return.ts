import { type RefObject, useEffect, useRef } from 'react';

/**
 * While a reply is on its way, Regenerate and the edit form leave the page, taking keyboard focus
 * with them, and Send turns into Stop and back into a Send that is disabled (the composer is
 * empty). Once the reply ends, focus that fell to the page, sits on a disabled control or on the
 * composer's own buttons goes back to the composer, so the next message can be typed at once.
 * Focus the user moved elsewhere (the list, a link) stays where it is.
 */
export function useFocusReturn(replying: boolean, inputRef: RefObject<HTMLTextAreaElement | null>, formRef: RefObject<HTMLFormElement | null>) {
  const wasReplying = useRef(false);
  useEffect(() => {
    if (replying) {
      wasReplying.current = true;
      return;
    }
    if (!wasReplying.current) return;
    wasReplying.current = false;
    const active = document.activeElement;
    const lost = !active || active === document.body || !active.isConnected || active.matches(':disabled') || (active !== inputRef.current && formRef.current?.contains(active));
    if (lost) inputRef.current?.focus();
  }, [replying, inputRef, formRef]);
}

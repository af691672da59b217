import { useEffect } from 'react';

/** Ctrl+Alt+N starts a new chat from anywhere on the page, as the New chat button's aria-keyshortcuts says. */
export function useNewChatShortcut(startNew: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.altKey && event.key.toLowerCase() === 'n') {
        event.preventDefault();
        startNew();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [startNew]);
}

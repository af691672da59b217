import type { SessionHolder } from './session-holder';

/**
 * Browsers throttle timers in background tabs, so the scheduled refresh may come too late: a tab
 * that becomes visible again with a token about to expire refreshes at once.
 */
export function refreshWhenVisible(doc: Document, holder: SessionHolder, refresh: () => unknown): void {
  doc.addEventListener('visibilitychange', () => {
    const held = holder.current();
    if (doc.visibilityState === 'visible' && held && holder.expiresSoon(held)) void refresh();
  });
}

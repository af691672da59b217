import { SERVER_RENDERED_ATTRIBUTE } from './server-rendered';

/** Longest a click is held back: past this, it is dropped and the page takes clicks as they come. */
const HOLD_LIMIT_MS = 10_000;

let release: (() => void) | undefined;

/**
 * A server-rendered page is visible before its micro-frontend has loaded and hydrated it. A click
 * or submit in <main> in that time would do nothing (a button) or submit the form natively (a
 * reload, with the typed fields in the URL). Until the page is interactive such events are
 * stopped here, before React or the browser act on them, and replayed once it is.
 */
export function holdInteractionsUntilInteractive(doc: Document = document): void {
  if (!doc.getElementById('root')?.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return;
  const held: Array<() => void> = [];
  const hold = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest('main')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.type === 'submit' && target instanceof HTMLFormElement) {
      const submitter = (event as SubmitEvent).submitter;
      held.push(() => target.isConnected && target.requestSubmit(submitter?.isConnected ? submitter : undefined));
    } else if (target instanceof HTMLElement) {
      held.push(() => target.isConnected && target.click());
    }
  };
  doc.addEventListener('click', hold, true);
  doc.addEventListener('submit', hold, true);
  const timer = setTimeout(() => stop(false), HOLD_LIMIT_MS);
  function stop(replay: boolean) {
    clearTimeout(timer);
    doc.removeEventListener('click', hold, true);
    doc.removeEventListener('submit', hold, true);
    release = undefined;
    if (replay) for (const action of held.splice(0)) action();
  }
  release = () => stop(true);
}

/** The page has hydrated (or rendered): held clicks and submits happen now. */
export function markInteractive(): void {
  release?.();
}

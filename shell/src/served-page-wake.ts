/**
 * The first sign that a visitor is about to use a served page: the pointer over it or pressed,
 * a touch, a key, focus, a click, a submit or typing. A visitor without a session who only reads a
 * public page needs none of its micro-frontend's code, since the server's markup is the page they
 * see; that code is fetched at this first sign, usually before the click it precedes (clicks that
 * come first are held and replayed by the interaction guard).
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'click', 'submit', 'input'] as const;

export interface ServedPageWake {
  /** Resolved at the first sign of use, or when the page's code is needed for another reason (`wake`). */
  readonly woken: Promise<void>;
  /** Runs `callback` at once when woken already, else when woken. */
  whenWoken(callback: () => void): void;
  wake(): void;
}

export function createServedPageWake(): ServedPageWake {
  let isWoken = false;
  const callbacks: Array<() => void> = [];
  let resolve!: () => void;
  const woken = new Promise<void>((done) => (resolve = done));
  const wake = () => {
    if (isWoken) return;
    isWoken = true;
    resolve();
    for (const callback of callbacks.splice(0)) callback();
  };
  return {
    woken,
    whenWoken: (callback) => (isWoken ? callback() : void callbacks.push(callback)),
    wake,
  };
}

/** Wakes `wake` at the first sign of use anywhere in `doc`; the listeners go once it is woken. */
export function listenForIntent(wake: ServedPageWake, doc: Document = document): void {
  const options = { capture: true, passive: true } as const;
  const onIntent = () => wake.wake();
  for (const type of INTENT_EVENTS) doc.addEventListener(type, onIntent, options);
  wake.whenWoken(() => {
    for (const type of INTENT_EVENTS) doc.removeEventListener(type, onIntent, options);
  });
}

/** The page's one wake: set listening by the entry (index.ts), awaited by the remotes' scripts (bootstrap). */
export const servedPageWake: ServedPageWake = createServedPageWake();

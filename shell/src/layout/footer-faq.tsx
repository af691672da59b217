import { type ComponentType, lazy, type SyntheticEvent, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';

const loadFaqList = (): Promise<ComponentType> => import('./faq').then((module) => module.FaqList);

// The server's render waits for it, so the served HTML has every question and answer.
const ServerFaqList = lazy(() => loadFaqList().then((component) => ({ default: component })));

/** Once loaded, a footer mounted later (back from a signed-in area) draws the questions at once. */
let loadedList: ComponentType | undefined;

const subscribeToNothing = () => () => undefined;

/**
 * Whether this render takes served markup over: React reads a store's server snapshot while it
 * hydrates (and on the server), its client snapshot when it draws in the browser.
 */
const useHydrating = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );

// React takes an element with inner HTML over as it stands (it neither compares nor hydrates what
// is inside), and sets it again only when this object changes: one object keeps the served markup.
const SERVED_MARKUP = { __html: '' };

const CLASS_NAME = 'shell-footer__faq-list';

/** The index among the questions' buttons of the one an event came from, or -1. */
function questionIndex(holder: HTMLElement | null, target: EventTarget): number {
  const button = target instanceof Element ? target.closest('button') : null;
  return holder && button ? [...holder.querySelectorAll('button')].indexOf(button) : -1;
}

/**
 * The footer's questions (an accordion; ~1.5 KB gzipped with its texts). Every public page shows
 * them at its end, and few visitors open one: on a server-rendered page their served markup stays
 * as it is, and their code loads when the pointer, the keyboard's focus or a touch comes to them.
 * The served questions are then replaced by the same ones drawn by React; the question that had
 * focus gets it back, and a click that came first is handed over. Elsewhere (a page rendered in
 * the browser) they load at once.
 */
export function FooterFaq() {
  // Fixed at mount: the served questions are kept until they are wanted, whatever renders next.
  const [keepServed] = useState(useHydrating());
  const [List, setList] = useState<ComponentType | undefined>(() => (keepServed ? undefined : loadedList));
  const [wanted, setWanted] = useState(!keepServed);
  const holder = useRef<HTMLDivElement>(null);
  const handOver = useRef<{ focus?: number; click?: number }>({});

  useEffect(() => {
    if (!wanted || List) return undefined;
    let current = true;
    loadFaqList().then(
      (component) => {
        loadedList = component;
        if (current) setList(() => component);
      },
      // The served questions stay readable; the next visit to them asks again.
      () => current && setWanted(false),
    );
    return () => {
      current = false;
    };
  }, [wanted, List]);

  useLayoutEffect(() => {
    if (!List) return;
    const { focus, click } = handOver.current;
    handOver.current = {};
    const buttons = holder.current?.querySelectorAll('button');
    // Focus left with the served button it was on; it is not taken from wherever the visitor moved it since.
    const active = document.activeElement;
    if (focus !== undefined && (!active || active === document.body)) buttons?.[focus]?.focus();
    if (click !== undefined) buttons?.[click]?.click();
  }, [List]);

  if (typeof document === 'undefined') {
    return (
      <div className={CLASS_NAME}>
        <ServerFaqList />
      </div>
    );
  }
  if (List || !keepServed) {
    return (
      <div key="drawn" ref={holder} className={CLASS_NAME}>
        {List && <List />}
      </div>
    );
  }
  const want = () => setWanted(true);
  const onFocus = (event: SyntheticEvent) => {
    const index = questionIndex(holder.current, event.target);
    if (index >= 0) handOver.current.focus = index;
    want();
  };
  const onClick = (event: SyntheticEvent) => {
    const index = questionIndex(holder.current, event.target);
    if (index < 0) return;
    event.preventDefault();
    handOver.current.click = index;
    want();
  };
  return (
    <div
      key="served"
      ref={holder}
      className={CLASS_NAME}
      dangerouslySetInnerHTML={SERVED_MARKUP}
      suppressHydrationWarning
      onPointerOver={want}
      onTouchStart={want}
      onFocus={onFocus}
      onClick={onClick}
    />
  );
}

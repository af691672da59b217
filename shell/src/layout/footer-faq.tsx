import { type ComponentType, lazy, type MouseEvent, useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { moveBetweenQuestions } from '@agentdock/ui';

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

/** A plain click on one of the served answers' links changes page in the app, as a drawn link would. */
function useFollowLinksInApp() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest('a') : null;
    if (!link || link.target || link.origin !== window.location.origin) return;
    event.preventDefault();
    navigate(`${link.pathname}${link.search}${link.hash}`);
  };
}

/**
 * The footer's questions (~1.5 KB gzipped with their texts). Every public page shows them at its
 * end; they are the browser's own disclosure elements, which open and close without any code, so
 * a server-rendered page keeps its served questions and never loads theirs. A page drawn in the
 * browser (back from a signed-in area) loads them.
 */
export function FooterFaq() {
  // Fixed at mount: a footer that took served questions over keeps them, whatever renders next.
  const [keepServed] = useState(useHydrating());
  const [List, setList] = useState<ComponentType | undefined>(() => (keepServed ? undefined : loadedList));
  const followLinkInApp = useFollowLinksInApp();

  useEffect(() => {
    if (keepServed || List) return undefined;
    let current = true;
    loadFaqList().then(
      (component) => {
        loadedList = component;
        if (current) setList(() => component);
      },
      // Without its code the footer shows its links and columns; the next page drawn asks again.
      (error: unknown) => console.error('[agentdock] loading the footer questions failed', error),
    );
    return () => {
      current = false;
    };
  }, [keepServed, List]);

  if (typeof document === 'undefined') {
    return (
      <div className={CLASS_NAME}>
        <ServerFaqList />
      </div>
    );
  }
  if (!keepServed) return <div className={CLASS_NAME}>{List && <List />}</div>;
  return <div className={CLASS_NAME} dangerouslySetInnerHTML={SERVED_MARKUP} suppressHydrationWarning onKeyDown={moveBetweenQuestions} onClick={followLinkInApp} />;
}

import type { ServedPageWake } from './served-page-wake';
import { SERVER_RENDERED_ATTRIBUTE } from './server-rendered';

/**
 * Longest a click is held back once the page's code has been asked for: past this, it is dropped
 * and the page takes clicks as they come (a remote that never loads must not leave <main> dead).
 * Typed text is handed over whenever the page becomes interactive.
 */
const HOLD_LIMIT_MS = 10_000;

/**
 * React hydrates a Suspense boundary nested in the page after the page around it has committed
 * (and been marked interactive): until then its fields have no handlers, and a hand-over there is
 * lost when React takes the field with its own (empty) state. The release waits, a frame at a time,
 * until React owns every field typed into and every element clicked, or this long.
 */
const OWNERSHIP_WAIT_MS = 2_000;
const OWNERSHIP_POLL_MS = 16;

/** React keeps its fiber on each DOM node it has hydrated or drawn (a `__reactFiber$…` key, React 17 to 19). */
function ownedByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
}

let release: (() => void) | undefined;

/**
 * A server-rendered page is visible before its micro-frontend has loaded and hydrated it. A click
 * or submit in <main> in that time would do nothing (a button) or submit the form natively (a
 * reload, with the typed fields in the URL). Until the page is interactive such events are
 * stopped here, before React or the browser act on them, and replayed once it is.
 */
export function holdInteractionsUntilInteractive(doc: Document = document, codeAskedFor?: ServedPageWake): void {
  const root = doc.getElementById('root');
  if (!root?.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return;
  const counterparts = new ServedCounterparts(root);
  const held: HeldAction[] = [];
  const heldTargets = new Set<Element>();
  // A radio or checkbox shows its new state at once; React is told once it listens (below).
  const toggled = new Set<HTMLInputElement>();
  const hold = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest('main')) return;
    if (event.type === 'click' && togglesAChoice(target)) {
      if (target instanceof HTMLInputElement) toggled.add(counterparts.noted(target));
      return;
    }
    event.preventDefault();
    event.stopImmediatePropagation();
    heldTargets.add(counterparts.noted(target));
    if (event.type === 'submit' && target instanceof HTMLFormElement) {
      const submitter = (event as SubmitEvent).submitter;
      held.push({ kind: 'submit', form: target, submitter: submitter ? counterparts.noted(submitter) : null });
    } else if (target instanceof HTMLElement) {
      held.push({ kind: 'click', element: target });
    }
  };
  // Text typed before hydration is in the field but not in React's state: it is handed over as a
  // change once React listens, before the held clicks run.
  const typedInto = new Set<HTMLInputElement | HTMLTextAreaElement>();
  const noteTyping = (event: Event) => {
    const target = event.target;
    if ((target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && target.closest('main')) typedInto.add(counterparts.noted(target));
  };
  doc.addEventListener('input', noteTyping, true);
  doc.addEventListener('click', hold, true);
  doc.addEventListener('submit', hold, true);
  let holding = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  function stopHolding() {
    holding = false;
    clearTimeout(timer);
    doc.removeEventListener('click', hold, true);
    doc.removeEventListener('submit', hold, true);
  }
  // Past the limit the held clicks are dropped, but typed text is still handed over when the page
  // becomes interactive: React would otherwise take the typed text for its own and never see it.
  const startHoldLimit = () => {
    if (!holding) return;
    timer = setTimeout(() => {
      stopHolding();
      held.length = 0;
      heldTargets.clear();
    }, HOLD_LIMIT_MS);
  };
  let released = false;
  let waitedForReact = 0;
  function stop() {
    if (released) return;
    const notYetReacts = [...typedInto, ...heldTargets].some((element) => {
      const current = counterparts.current(element);
      return current !== undefined && !ownedByReact(current);
    });
    if (notYetReacts && waitedForReact < OWNERSHIP_WAIT_MS) {
      waitedForReact += OWNERSHIP_POLL_MS;
      setTimeout(stop, OWNERSHIP_POLL_MS);
      return;
    }
    released = true;
    if (holding) stopHolding();
    doc.removeEventListener('input', noteTyping, true);
    if (release === releaseThese) release = undefined;
    // Every typed value is read before any is handed over: the first hand-over re-renders the form
    // synchronously, and React then resets every other controlled field to its (still empty) state.
    const typed = [...typedInto].flatMap((field) => {
      const current = counterparts.current(field);
      return current instanceof HTMLInputElement || current instanceof HTMLTextAreaElement ? [[current, field.value] as const] : [];
    });
    const chosen = [...toggled].flatMap((input) => {
      const current = counterparts.current(input);
      return current instanceof HTMLInputElement && (input.type === 'checkbox' || input.checked) ? [[current, input.checked] as const] : [];
    });
    for (const [field, value] of typed) handOverTyping(field, value);
    for (const [input, checked] of chosen) handOverChoice(input, checked);
    for (const action of held.splice(0)) replay(action, counterparts);
  }
  const releaseThese = () => stop();
  release = releaseThese;
  if (codeAskedFor) codeAskedFor.whenWoken(startHoldLimit);
  else startHoldLimit();
}

type HeldAction = { kind: 'click'; element: HTMLElement } | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

function replay(action: HeldAction, counterparts: ServedCounterparts): void {
  if (action.kind === 'click') {
    const element = counterparts.current(action.element);
    if (element instanceof HTMLElement) element.click();
    return;
  }
  const form = counterparts.current(action.form);
  if (!(form instanceof HTMLFormElement)) return;
  const submitter = action.submitter ? counterparts.current(action.submitter) : undefined;
  form.requestSubmit(submitter instanceof HTMLElement && (submitter as HTMLButtonElement).form === form ? submitter : undefined);
}

/**
 * Where React could not hydrate a part of the served page (what it would draw differs: a visitor
 * with a session sees their own view), it draws that part again: the elements a visitor typed into,
 * chose or clicked are replaced. An element is found again by where it sat under #root and by what
 * it is (tag, type, label, value of a choice, text); one that moved or changed (a plan's "Get
 * Started" that became "Upgrade to Starter") is not, and what was done on it is dropped. Not by its
 * name: a radio group's is made by useId, which names a group drawn in the browser differently.
 */
class ServedCounterparts {
  readonly #served = new Map<Element, { path: number[]; identity: string }>();

  constructor(private readonly root: Element) {}

  /** Notes where `element` sits now, while it is the served one. */
  noted<T extends Element>(element: T): T {
    if (this.#served.has(element)) return element;
    const path: number[] = [];
    for (let current: Element = element; current !== this.root;) {
      const parent = current.parentElement;
      if (!parent) return element;
      path.unshift(Array.prototype.indexOf.call(parent.children, current));
      current = parent;
    }
    this.#served.set(element, { path, identity: identityOf(element) });
    return element;
  }

  /** The element itself while it is in the page, else its counterpart drawn in its place, if any. */
  current(element: Element): Element | undefined {
    if (element.isConnected) return element;
    const served = this.#served.get(element);
    if (!served) return undefined;
    let found: Element | undefined = this.root;
    for (const index of served.path) found = found?.children[index];
    return found && identityOf(found) === served.identity ? found : undefined;
  }
}

function identityOf(element: Element): string {
  const type = element.getAttribute('type') ?? '';
  const choiceValue = type === 'radio' || type === 'checkbox' ? (element.getAttribute('value') ?? '') : '';
  return [element.tagName, type, element.getAttribute('aria-label') ?? '', choiceValue, element.textContent?.trim() ?? ''].join('\u0000');
}

/**
 * The page has hydrated (or rendered): typed text is handed over and held clicks and submits
 * happen, in a microtask. The shell calls this from an effect, inside React's commit, where React
 * neither renders a change at once nor keeps a field's typed value (it puts the old state back and
 * renders later, from a value read then): handed over there, fields came out empty and a replayed
 * submit read the state from before. The microtask runs once React's commit is over and before
 * any further keystroke, so each hand-over is rendered at once and the replayed submit sees it.
 */
export function markInteractive(): void {
  const releaseHeld = release;
  if (releaseHeld) queueMicrotask(releaseHeld);
}

/**
 * React compares a field's value with the one it last saw: going through the element's own setter
 * (which React watches) to '' and then the prototype's setter (which it does not) back to the typed
 * text makes the next input event a change it reports.
 */
function handOverTyping(field: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  const setNative = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setNative) return;
  field.value = '';
  setNative.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A click on a radio or checkbox, or on the label of one, which the browser turns into one. */
function togglesAChoice(target: Element): boolean {
  const input = target instanceof HTMLInputElement ? target : target.closest('label')?.control;
  return input instanceof HTMLInputElement && (input.type === 'radio' || input.type === 'checkbox');
}

/**
 * Hydration leaves a radio or checkbox as the visitor set it, but React's state still holds the
 * served choice and puts it back at the next render. Set through the element's own setter (which
 * React watches) to the other state, a click brings it back to the visitor's and is a change React
 * reports, as the visitor's own click would have been.
 */
function handOverChoice(input: HTMLInputElement, checked: boolean): void {
  input.checked = !checked;
  input.click();
}

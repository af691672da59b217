/** @jest-environment jsdom */
import { act } from '@testing-library/react';
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { SegmentedControl } from '@agentdock/ui';
import { holdInteractionsUntilInteractive, markInteractive } from './interaction-guard';
import { createServedPageWake, type ServedPageWake } from './served-page-wake';
import { SERVER_RENDERED_ATTRIBUTE } from './server-rendered';

function ContactForm({ onSend }: { onSend: (fields: { name: string; email: string }) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  return (
    <main>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSend({ name, email });
        }}
      >
        <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
        <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
        <button type="submit">Send</button>
      </form>
    </main>
  );
}

/** Like mfe-marketing's contact form: one state object, each field's value read inside the updater. */
function LazyReadForm({ onSend }: { onSend: (fields: Record<string, string>) => void }) {
  const [values, setValues] = useState({ name: '', email: '', message: '' });
  const change = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  return (
    <main>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSend(values);
        }}
      >
        <input aria-label="Name" value={values.name} onChange={change('name')} />
        <input aria-label="Email" value={values.email} onChange={change('email')} />
        <input aria-label="Message" value={values.message} onChange={change('message')} />
        <button type="submit">Send</button>
      </form>
    </main>
  );
}

const PERIODS = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
] as const;

/** The pricing page's billing period: a controlled radio group. */
function PeriodControl({ period, onChange }: { period: 'monthly' | 'annual'; onChange: (period: 'monthly' | 'annual') => void }) {
  return <SegmentedControl label="Billing period" options={PERIODS} value={period} onChange={onChange} />;
}

/** Like the pricing page's billing period: a controlled radio group and what it chose. */
function PeriodChoice() {
  const [period, setPeriod] = useState<'monthly' | 'annual'>('monthly');
  const [, setRenders] = useState(0);
  return (
    <main>
      <PeriodControl period={period} onChange={setPeriod} />
      <p>Billed {period}</p>
      <button type="button" onClick={() => setRenders((count) => count + 1)}>
        Render again
      </button>
    </main>
  );
}

/** What a visitor does on the served page before its scripts have hydrated it. */
function typeBeforeHydration(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A keystroke once React listens: the browser sets the value without React's setter seeing it. */
function typeAfterHydration(field: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

let root: Root | undefined;

/** The guard releases in a task of its own: let it run, and React render what it does. */
const releaseHeld = () =>
  act(async () => {
    markInteractive();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/**
 * As on the served page: the remote's page is lazy, and PageInteractive (remote-page.tsx) marks the
 * page interactive from an effect once it has hydrated beside it. Serves `Page` rendered on the
 * server with the guard holding interactions; `hydrateLazily` hydrates with the page still loading
 * and answers the function that delivers it.
 */
function serveRouted(Page: ComponentType) {
  function Interactive() {
    useEffect(() => markInteractive(), []);
    return null;
  }
  const routed = (Routed: ComponentType) => (
    <Suspense fallback={<p>Loading…</p>}>
      <Routed />
      <Interactive />
    </Suspense>
  );
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
  container.innerHTML = renderToString(routed(Page));
  document.body.append(container);
  holdInteractionsUntilInteractive(document);
  const field = (label: string) => container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;
  async function hydrateLazily() {
    let pageLoaded!: (module: { default: () => ReactNode }) => void;
    const LazyPage = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (pageLoaded = resolve)));
    await act(async () => void (root = hydrateRoot(container, routed(LazyPage))));
    return pageLoaded;
  }
  return { container, field, hydrateLazily };
}

function serveAndHold(onSend: (fields: { name: string; email: string }) => void, codeAskedFor?: ServedPageWake) {
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
  container.innerHTML = renderToString(<ContactForm onSend={onSend} />);
  document.body.append(container);
  holdInteractionsUntilInteractive(document, codeAskedFor);
  return {
    container,
    field: (label: string) => container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!,
    hydrate: () => act(() => void (root = hydrateRoot(container, <ContactForm onSend={onSend} />))),
  };
}

describe('holdInteractionsUntilInteractive', () => {
  it('hands every field typed before hydration to React, not only the first', async () => {
    const onSend = jest.fn();
    const page = serveAndHold(onSend);
    typeBeforeHydration(page.field('Name'), 'Ada Lovelace');
    typeBeforeHydration(page.field('Email'), 'ada@example.com');
    page.hydrate();
    await releaseHeld();

    expect(page.field('Name').value).toBe('Ada Lovelace');
    expect(page.field('Email').value).toBe('ada@example.com');
    act(() => page.container.querySelector('button')!.click());
    expect(onSend).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('holds a submit made before hydration and replays it once the page is interactive', async () => {
    const onSend = jest.fn();
    const page = serveAndHold(onSend);
    typeBeforeHydration(page.field('Name'), 'Ada');
    act(() => page.container.querySelector('button')!.click());
    expect(onSend).not.toHaveBeenCalled();

    page.hydrate();
    await releaseHeld();
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ name: 'Ada', email: '' });
  });

  it('past the hold limit drops the held clicks, but still hands the typed text to React once it hydrates', async () => {
    jest.useFakeTimers();
    const onSend = jest.fn();
    const page = serveAndHold(onSend);
    typeBeforeHydration(page.field('Name'), 'Ada Lovelace');
    page.container.querySelector('button')!.click();
    jest.advanceTimersByTime(10_000);
    typeBeforeHydration(page.field('Email'), 'ada@example.com');
    jest.useRealTimers();

    page.hydrate();
    await releaseHeld();
    expect(onSend).not.toHaveBeenCalled();
    act(() => page.container.querySelector('button')!.click());
    expect(onSend).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it("counts the hold limit from when the page's code is asked for, not from when the page was served", async () => {
    jest.useFakeTimers();
    const onSend = jest.fn();
    const wake = createServedPageWake();
    const page = serveAndHold(onSend, wake);
    // A visitor reads for a minute: nothing of the page's code is asked for meanwhile.
    jest.advanceTimersByTime(60_000);
    typeBeforeHydration(page.field('Name'), 'Ada');
    wake.wake();
    page.container.querySelector('button')!.click();
    jest.advanceTimersByTime(9_000);
    jest.useRealTimers();

    page.hydrate();
    await releaseHeld();
    expect(onSend).toHaveBeenCalledWith({ name: 'Ada', email: '' });
  });

  it('released before React owns the form (a nested Suspense boundary hydrates after the page around it), waits for React, then hands the text over and replays the submit', async () => {
    const onSend = jest.fn();
    const page = serveAndHold(onSend);
    typeBeforeHydration(page.field('Name'), 'Ada Lovelace');
    act(() => page.container.querySelector('button')!.click());
    // The page is marked interactive while this form is still only served markup.
    markInteractive();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSend).not.toHaveBeenCalled();

    page.hydrate();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: '' });
  });

  it('a submit held until the shell marks the page interactive from an effect sees the text typed before', async () => {
    // React runs the effect that marks the page interactive inside its commit, where the
    // hand-over's state updates wait: a submit replayed right there read the empty fields.
    const onSend = jest.fn();
    const { container, field, hydrateLazily } = serveRouted(() => <LazyReadForm onSend={onSend} />);

    typeBeforeHydration(field('Name'), 'Ada Lovelace');
    typeBeforeHydration(field('Email'), 'ada@example.com');
    typeBeforeHydration(field('Message'), 'We need a meeting-prep agent.');
    act(() => container.querySelector('button')!.click());
    const pageLoaded = await hydrateLazily();
    expect(onSend).not.toHaveBeenCalled();

    await act(async () => pageLoaded({ default: () => <LazyReadForm onSend={onSend} /> }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'We need a meeting-prep agent.' });
    expect([field('Name').value, field('Email').value, field('Message').value]).toEqual(['Ada Lovelace', 'ada@example.com', 'We need a meeting-prep agent.']);
  });

  it('keeps text typed before hydration when the visitor goes on typing before the held submit replays', async () => {
    const onSend = jest.fn();
    const { container, field, hydrateLazily } = serveRouted(() => <ContactForm onSend={onSend} />);

    typeBeforeHydration(field('Name'), 'Grace Hopper');
    const pageLoaded = await hydrateLazily();
    await act(async () => pageLoaded({ default: () => <ContactForm onSend={onSend} /> }));
    // Interactive now; the next keystroke re-renders the form from React's state.
    act(() => typeAfterHydration(field('Email'), 'grace@example.com'));
    expect(field('Name').value).toBe('Grace Hopper');

    act(() => container.querySelector('button')!.click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(onSend).toHaveBeenCalledWith({ name: 'Grace Hopper', email: 'grace@example.com' });
  });

  it('lets a radio chosen before hydration show at once and hands the choice to React, which keeps it', async () => {
    const { container, hydrateLazily } = serveRouted(PeriodChoice);
    const radio = (name: string) => [...container.querySelectorAll<HTMLInputElement>('input[type=radio]')].find((input) => input.value === name)!;

    radio('annual').click();
    expect([radio('annual').checked, radio('monthly').checked]).toEqual([true, false]);

    const pageLoaded = await hydrateLazily();
    await act(async () => pageLoaded({ default: PeriodChoice }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.querySelector('p')!.textContent).toBe('Billed annual');
    // A later render puts a controlled radio back to React's state: that state is the choice now.
    act(() => container.querySelector('button')!.click());
    expect([radio('annual').checked, radio('monthly').checked]).toEqual([true, false]);
  });

  it('a choice made by clicking the radio’s label before hydration is handed over too', async () => {
    const { container, hydrateLazily } = serveRouted(PeriodChoice);
    const labels = [...container.querySelectorAll('label')];
    labels
      .find((label) => label.textContent === 'Annual')!
      .querySelector('span')!
      .click();

    const pageLoaded = await hydrateLazily();
    await act(async () => pageLoaded({ default: PeriodChoice }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.querySelector('p')!.textContent).toBe('Billed annual');
  });
});

/** A plan card whose served markup React cannot hydrate: the client's view differs (a visitor with a session), so React draws it again. */
function RedrawnPlan({ view, label, onChoose, onSend }: { view: string; label: string; onChoose: () => void; onSend: (note: string) => void }) {
  const [note, setNote] = useState('');
  const [period, setPeriod] = useState<'monthly' | 'annual'>('monthly');
  return (
    <main>
      <p>{view}</p>
      <PeriodControl period={period} onChange={setPeriod} />
      <button type="button" onClick={onChoose}>
        {label}
      </button>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSend(`${note} (${period})`);
        }}
      >
        <input aria-label="Note" value={note} onChange={(event) => setNote(event.target.value)} />
        <button type="submit">Send</button>
      </form>
    </main>
  );
}

describe('holdInteractionsUntilInteractive, where React draws the served part again', () => {
  function serveThenRedraw(served: { label: string }, drawn: { label: string }) {
    const onChoose = jest.fn();
    const onSend = jest.fn();
    const container = document.createElement('div');
    container.id = 'root';
    container.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
    container.innerHTML = renderToString(<RedrawnPlan view="served" label={served.label} onChoose={onChoose} onSend={onSend} />);
    document.body.append(container);
    holdInteractionsUntilInteractive(document);
    const redraw = () =>
      act(() => {
        root = hydrateRoot(container, <RedrawnPlan view="in the browser" label={drawn.label} onChoose={onChoose} onSend={onSend} />, { onRecoverableError: () => undefined });
      });
    const button = (name: string) => [...container.querySelectorAll('button')].find((candidate) => candidate.textContent === name)!;
    const radio = (value: string) => container.querySelector<HTMLInputElement>(`input[type=radio][value="${value}"]`)!;
    return { container, onChoose, onSend, redraw, button, radio, note: () => container.querySelector<HTMLInputElement>('input[aria-label="Note"]')! };
  }

  it('replays a held click on the button drawn in place of the served one', async () => {
    const page = serveThenRedraw({ label: 'Get Started' }, { label: 'Get Started' });
    const served = page.button('Get Started');
    served.click();
    page.redraw();
    expect(served.isConnected).toBe(false);
    await releaseHeld();
    expect(page.onChoose).toHaveBeenCalledTimes(1);
  });

  it('drops a held click when the button drawn in its place is another one', async () => {
    const page = serveThenRedraw({ label: 'Get Started' }, { label: 'Upgrade to Starter' });
    page.button('Get Started').click();
    page.redraw();
    await releaseHeld();
    expect(page.onChoose).not.toHaveBeenCalled();
  });

  it('hands the typed text and the choice to the fields drawn again, and replays the submit on the new form', async () => {
    const page = serveThenRedraw({ label: 'Get Started' }, { label: 'Get Started' });
    typeBeforeHydration(page.note(), 'Board pack');
    page.radio('annual').click();
    page.button('Send').click();
    page.redraw();
    await releaseHeld();
    expect(page.onSend).toHaveBeenCalledWith('Board pack (annual)');
    expect(page.note().value).toBe('Board pack');
    expect(page.radio('annual').checked).toBe(true);
  });
});

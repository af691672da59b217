/** @jest-environment jsdom */
import { act } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { holdInteractionsUntilInteractive, markInteractive } from './interaction-guard';
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

/** What a visitor does on the served page before its scripts have hydrated it. */
function typeBeforeHydration(field: HTMLInputElement, text: string) {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function serveAndHold(onSend: (fields: { name: string; email: string }) => void) {
  const container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
  container.innerHTML = renderToString(<ContactForm onSend={onSend} />);
  document.body.append(container);
  holdInteractionsUntilInteractive(document);
  return {
    container,
    field: (label: string) => container.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!,
    hydrate: () => act(() => void (root = hydrateRoot(container, <ContactForm onSend={onSend} />))),
  };
}

describe('holdInteractionsUntilInteractive', () => {
  it('hands every field typed before hydration to React, not only the first', () => {
    const onSend = jest.fn();
    const page = serveAndHold(onSend);
    typeBeforeHydration(page.field('Name'), 'Ada Lovelace');
    typeBeforeHydration(page.field('Email'), 'ada@example.com');
    page.hydrate();
    act(() => markInteractive());

    expect(page.field('Name').value).toBe('Ada Lovelace');
    expect(page.field('Email').value).toBe('ada@example.com');
    act(() => page.container.querySelector('button')!.click());
    expect(onSend).toHaveBeenCalledWith({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it('holds a submit made before hydration and replays it once the page is interactive', () => {
    const onSend = jest.fn();
    const page = serveAndHold(onSend);
    typeBeforeHydration(page.field('Name'), 'Ada');
    act(() => page.container.querySelector('button')!.click());
    expect(onSend).not.toHaveBeenCalled();

    page.hydrate();
    act(() => markInteractive());
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ name: 'Ada', email: '' });
  });
});

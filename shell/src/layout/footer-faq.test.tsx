/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { FaqList } from './faq';
import { FooterFaq } from './footer-faq';

const QUESTION = 'Do unused credits roll over to the next month?';

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

/** The questions as the server serves them. */
function servedPage(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = renderToString(
    <MemoryRouter>
      <div className="shell-footer__faq-list">
        <FaqList />
      </div>
      <Location />
    </MemoryRouter>,
  );
  document.body.append(root);
  return root;
}

const served = (root: HTMLElement) => root.querySelector('.shell-footer__faq-list')!;
const question = (title: string) => screen.getByRole('heading', { name: title }).closest('summary')!;

let hydrated: Root | undefined;
afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  document.body.innerHTML = '';
});

async function hydrate(root: HTMLElement): Promise<void> {
  await act(async () => {
    hydrated = hydrateRoot(
      root,
      <MemoryRouter>
        <FooterFaq />
        <Location />
      </MemoryRouter>,
    );
  });
}

describe('FooterFaq', () => {
  it('keeps the served questions through hydration and use, never drawing them again', async () => {
    const root = servedPage();
    const before = served(root).innerHTML;
    const summary = question(QUESTION);
    await hydrate(root);
    // The very node the parser created, untouched: nothing was drawn again.
    expect(question(QUESTION)).toBe(summary);
    expect(served(root).innerHTML).toBe(before);

    act(() => summary.click());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(question(QUESTION)).toBe(summary);
    expect((summary.parentElement as HTMLDetailsElement).open).toBe(true);
  });

  it('moves between the served questions with the arrow keys', async () => {
    const root = servedPage();
    await hydrate(root);
    const summaries = [...served(root).querySelectorAll('summary')];
    act(() => summaries[0]!.focus());
    act(() => {
      summaries[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true }));
    });
    expect(document.activeElement).toBe(summaries[summaries.length - 1]);
  });

  it('follows a served answer’s link inside the app', async () => {
    const root = servedPage();
    await hydrate(root);
    const link = served(root).querySelector<HTMLAnchorElement>('a[href="/pricing"]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    act(() => {
      link.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/pricing');
  });

  it('leaves a click with a modifier to the browser', async () => {
    const root = servedPage();
    await hydrate(root);
    const link = served(root).querySelector<HTMLAnchorElement>('a[href="/pricing"]')!;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    let preventedByPage = true;
    // The last listener: it records what the page did, then keeps jsdom from leaving the page.
    const record = (event: Event) => {
      preventedByPage = event.defaultPrevented;
      event.preventDefault();
    };
    window.addEventListener('click', record);
    act(() => {
      link.dispatchEvent(click);
    });
    window.removeEventListener('click', record);
    expect(preventedByPage).toBe(false);
    expect(screen.getByRole('status', { name: 'location' }).textContent).toBe('/');
  });

  it('draws the questions on a page rendered in the browser', async () => {
    render(
      <MemoryRouter>
        <FooterFaq />
      </MemoryRouter>,
    );
    expect(await screen.findAllByRole('heading', { level: 3 })).toHaveLength(7);
    expect(document.querySelectorAll('details')).toHaveLength(7);
  });
});

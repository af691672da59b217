/** @jest-environment jsdom */
import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { FaqList } from './faq';
import { FooterFaq } from './footer-faq';

const QUESTION = 'Do unused credits roll over to the next month?';

/** The questions as the server serves them. */
function servedPage(): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = renderToString(
    <MemoryRouter>
      <div className="shell-footer__faq-list">
        <FaqList />
      </div>
    </MemoryRouter>,
  );
  document.body.append(root);
  return root;
}

const served = (root: HTMLElement) => root.querySelector('.shell-footer__faq-list')!;

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
      </MemoryRouter>,
    );
  });
}

describe('FooterFaq', () => {
  it('keeps the served questions through hydration without loading their code', async () => {
    const root = servedPage();
    const before = served(root).innerHTML;
    const button = screen.getByRole('button', { name: QUESTION });
    await hydrate(root);
    // The very node the parser created, untouched: nothing was drawn again.
    expect(screen.getByRole('button', { name: QUESTION })).toBe(button);
    expect(served(root).innerHTML).toBe(before);
  });

  it('draws the questions when focus comes to one, and gives that one focus back', async () => {
    const root = servedPage();
    await hydrate(root);
    const servedButton = screen.getByRole('button', { name: QUESTION });
    act(() => servedButton.focus());
    await waitFor(() => expect(screen.getByRole('button', { name: QUESTION })).not.toBe(servedButton));
    const drawn = screen.getByRole('button', { name: QUESTION });
    expect(document.activeElement).toBe(drawn);
    // Drawn by React: the keyboard works on it.
    act(() => drawn.click());
    expect(drawn.getAttribute('aria-expanded')).toBe('true');
  });

  it('hands a click on a served question over once the questions are drawn', async () => {
    const root = servedPage();
    await hydrate(root);
    act(() => screen.getByRole('button', { name: QUESTION }).click());
    await waitFor(() => expect(screen.getByRole('button', { name: QUESTION }).getAttribute('aria-expanded')).toBe('true'));
    expect(screen.getByRole('region', { name: QUESTION }).hidden).toBe(false);
    expect(root.querySelectorAll('[aria-expanded="true"]')).toHaveLength(1);
  });

  it('draws the questions at once on a page rendered in the browser', async () => {
    render(
      <MemoryRouter>
        <FooterFaq />
      </MemoryRouter>,
    );
    expect(await screen.findAllByRole('button')).toHaveLength(7);
  });
});

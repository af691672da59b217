/** @jest-environment jsdom */
import { useState, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { ScrollManager } from './scroll-manager';

const scrollIntoView = jest.fn();

beforeEach(() => {
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  scrollIntoView.mockReset();
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => jest.restoreAllMocks());

function Page({ children }: { children?: ReactNode }) {
  return (
    <nav>
      <Link to="/pricing">Pricing</Link>
      <Link to="/about">About</Link>
      <Link to="/#site-footer">Community</Link>
      {children}
    </nav>
  );
}

function renderAt(url: string, late?: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ScrollManager />
      <Routes>
        <Route path="*" element={<Page>{late}</Page>} />
      </Routes>
      <footer id="site-footer">Footer</footer>
    </MemoryRouter>,
  );
}

describe('ScrollManager', () => {
  it('scrolls to the top on every navigation', async () => {
    const user = userEvent.setup();
    renderAt('/');
    expect(window.scrollTo).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('link', { name: 'Pricing' }));
    expect(window.scrollTo).toHaveBeenCalledTimes(2);
    expect(window.scrollTo).toHaveBeenLastCalledWith(0, 0);

    await user.click(screen.getByRole('link', { name: 'About' }));
    expect(window.scrollTo).toHaveBeenCalledTimes(3);
  });

  it('scrolls to the target of a hash link instead', async () => {
    const user = userEvent.setup();
    renderAt('/pricing');
    (window.scrollTo as jest.Mock).mockClear();

    await user.click(screen.getByRole('link', { name: 'Community' }));
    expect(window.scrollTo).not.toHaveBeenCalled();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('site-footer'));
  });

  it('waits for a hash target that a loading page renders later', async () => {
    const user = userEvent.setup();
    renderAt('/#get-in-touch', <LatePage />);
    expect(scrollIntoView).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Finish loading' }));
    await act(async () => undefined);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('get-in-touch'));
  });
});

/** Stands in for a remote page that is still loading when the navigation happens. */
function LatePage() {
  const [loaded, setLoaded] = useState(false);
  return loaded ? <section id="get-in-touch">Get in Touch</section> : <button onClick={() => setLoaded(true)}>Finish loading</button>;
}

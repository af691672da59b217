/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Link, MemoryRouter } from 'react-router-dom';
import type { RemotePages } from '@agentdock/ui';
import { AppRoutes } from '../app';
import type { ExposedModuleLoader } from '../federation/connect-remotes';
import { createPageRegistry } from '../federation/page-registry';
import { RemoteUnavailableError } from '../federation/remote-unavailable';
import { servedPageWake } from '../served-page-wake';

const FALLBACK = 'This part of Agentdock is unavailable right now';

function pagesModule(pages: RemotePages) {
  return { pages };
}

function renderApp(loadExposed: ExposedModuleLoader, url = '/admin', extra?: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AppRoutes registry={createPageRegistry(loadExposed)} />
      {extra}
    </MemoryRouter>,
  );
}

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('remote pages', () => {
  it('a page drawn in the browser wakes the served page wake: its code is needed now, whatever the visitor did', async () => {
    const woken = jest.fn();
    servedPageWake.whenWoken(woken);
    renderApp(() => new Promise<unknown>(() => undefined));
    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(woken).toHaveBeenCalledTimes(1);
  });

  it('shows a loading state, then the page, inside the layout', async () => {
    let finish!: () => void;
    const loadExposed = jest.fn(
      () =>
        new Promise<unknown>((resolve) => {
          finish = () => resolve(pagesModule({ Admin: async () => ({ default: () => <h1>Admin Dashboard</h1> }) }));
        }),
    );
    renderApp(loadExposed);

    expect(screen.getByRole('status').textContent).toContain('Loading');
    expect(screen.getByRole('banner')).toBeTruthy();
    finish();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(loadExposed).toHaveBeenCalledWith('admin', 'pages');
    expect(document.title).toBe('Admin · Agentdock');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('The Agentdock admin console.');
  });

  it('shows the fallback inside the layout when a remote is down, and Retry really retries', async () => {
    const user = userEvent.setup();
    let remoteUp = false;
    const loadExposed = jest.fn(async () => {
      if (!remoteUp) throw new RemoteUnavailableError('admin');
      return pagesModule({ Admin: async () => ({ default: () => <h1>Admin Dashboard</h1> }) });
    });
    renderApp(loadExposed);

    expect(await screen.findByRole('heading', { name: FALLBACK })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    // One attempt per visit: re-renders while React recovers must not download again.
    expect(loadExposed).toHaveBeenCalledTimes(1);

    remoteUp = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(loadExposed).toHaveBeenCalledTimes(2);
  });

  it('tries a failed page again when the visitor comes back to it', async () => {
    const user = userEvent.setup();
    let remoteUp = false;
    const loadExposed = jest.fn(async (remote: string) => {
      if (remote === 'admin' && !remoteUp) throw new RemoteUnavailableError('admin');
      return pagesModule({
        Admin: async () => ({ default: () => <h1>Admin Dashboard</h1> }),
        Pricing: async () => ({ default: () => <h1>Pricing page</h1> }),
      });
    });
    renderApp(loadExposed, '/admin', <Link to="/admin">Back to admin</Link>);
    await screen.findByRole('heading', { name: FALLBACK });

    await user.click(screen.getAllByRole('link', { name: 'Pricing' })[0]!);
    await screen.findByRole('heading', { name: 'Pricing page' });
    remoteUp = true;
    await user.click(screen.getByRole('link', { name: 'Back to admin' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
  });

  it('shows the fallback when a page chunk of a loaded remote fails', async () => {
    const loadExposed = jest.fn(async () => pagesModule({ Admin: () => Promise.reject(new Error('ChunkLoadError')) }));
    renderApp(loadExposed);
    expect(await screen.findByRole('heading', { name: FALLBACK })).toBeTruthy();
  });

  it('keeps other routes working while one remote is down', async () => {
    const user = userEvent.setup();
    const loadExposed = jest.fn(async (remote: string) => {
      if (remote === 'admin') throw new RemoteUnavailableError('admin');
      return pagesModule({ Pricing: async () => ({ default: () => <h1>Pricing page</h1> }) });
    });
    renderApp(loadExposed);
    expect(await screen.findByRole('heading', { name: FALLBACK })).toBeTruthy();

    await user.click(screen.getAllByRole('link', { name: 'Pricing' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Pricing page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: FALLBACK })).toBeNull();
  });

  it('renders a real 404 page for unknown paths', () => {
    renderApp(jest.fn(), '/no-such-page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(document.title).toBe('Page not found · Agentdock');
  });
});

/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SiteFooter } from './footer';

const footerAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SiteFooter />
    </MemoryRouter>,
  );

describe('site footer', () => {
  it.each(['/', '/pricing', '/courses/ai-fundamentals', '/signin'])('shows the FAQ and the link columns on the public page %s', async (path) => {
    footerAt(path);
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Company' })).toBeTruthy();
    // Drawn in the browser, the footer loads its questions.
    expect(await screen.findAllByRole('heading', { level: 3 })).toHaveLength(7);
  });

  it.each(['/dashboard', '/dashboard/api-keys', '/manage-subscription', '/chat', '/chat/3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11', '/admin'])(
    'keeps to one line of links in the signed-in area %s',
    (path) => {
      footerAt(path);
      expect(screen.queryByRole('heading', { name: 'Frequently asked questions' })).toBeNull();
      const footer = screen.getByRole('navigation', { name: 'Footer' });
      expect([...footer.querySelectorAll('a')].map((link) => link.textContent)).toEqual(['Terms of Service', 'Privacy Policy', 'Contact', expect.stringContaining('@')]);
    },
  );
});

/** @jest-environment jsdom */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SessionContext, type Session } from '../session';
import { Header, OPAQUE_AFTER_PX } from './header';

function renderHeader(session: Session = { status: 'signed-out' }) {
  return render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={['/']}>
        <Header />
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

function scrollTo(y: number) {
  act(() => {
    window.scrollY = y;
    fireEvent.scroll(window);
  });
}

afterEach(() => scrollTo(0));

const header = () => screen.getByRole('banner');
const isOpaque = () => header().classList.contains('shell-header--opaque');

describe('Header', () => {
  it(`turns opaque only after ${OPAQUE_AFTER_PX}px of scroll`, () => {
    renderHeader();
    expect(isOpaque()).toBe(false);
    scrollTo(20);
    expect(isOpaque()).toBe(false);
    scrollTo(21);
    expect(isOpaque()).toBe(true);
    scrollTo(0);
    expect(isOpaque()).toBe(false);
  });

  it('links the main pages and Sign In', () => {
    renderHeader();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
    expect(nav.getByRole('link', { name: 'Course' }).getAttribute('href')).toBe('/courses');
    expect(nav.getByRole('link', { name: 'Our AI Agents' }).getAttribute('href')).toBe('/models');
    expect(nav.getByRole('link', { name: 'Begin Chatting' }).getAttribute('href')).toBe('/chat');
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]!.getAttribute('href')).toBe('/signin');
  });

  it('opens the mobile menu from the keyboard, closes it on Escape and on navigation', async () => {
    const user = userEvent.setup();
    renderHeader();
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(document.activeElement).toBe(within(menu).getByRole('link', { name: 'Pricing' }));

    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await user.click(button);
    await user.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Course' }));
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('shows the signed-in links; Admin only for admins and never in the mobile menu', async () => {
    const user = userEvent.setup();
    renderHeader({ status: 'signed-in', email: 'ada@example.com', isAdmin: true, signOut: async () => undefined });
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    expect(screen.getAllByText('ada@example.com').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = within(screen.getByRole('navigation', { name: 'Mobile' }));
    expect(menu.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(menu.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});

import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useVisitorSession } from '@agentdock/session/visitor';
import { classNames, Container, Skeleton } from '@agentdock/ui';
import { accountLinks, MAIN_LINKS } from './nav-links';
import { MobileMenu } from './mobile-menu';
import { SignOutButton } from './sign-out-button';
import { useScrolled } from './use-scrolled';

/** The header is see-through at the top of the page and turns opaque past this many pixels. */
export const OPAQUE_AFTER_PX = 20;

// Only a signed-in customer has a balance: the wallet's contracts (and the validation library they
// bring) load with it instead of with every anonymous visitor's first view. It shows nothing while
// loading either way, so nothing moves when it arrives.
const HeaderBalance = lazy(() => import('./header-balance').then((module) => ({ default: module.HeaderBalance })));
const WorkspaceSwitch = lazy(() => import('./workspace-switch').then((module) => ({ default: module.WorkspaceSwitch })));

const navClass = ({ isActive }: { isActive: boolean }) => classNames('shell-nav__link', isActive && 'is-active');

export function Header() {
  const session = useVisitorSession();
  const opaque = useScrolled(OPAQUE_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setMenuOpen(false), [location.key]);

  const closeMenu = useCallback(() => {
    setMenuOpen(false);
    menuButton.current?.focus();
  }, []);

  return (
    <header className={classNames('shell-header', (opaque || menuOpen) && 'shell-header--opaque')}>
      <Container className="shell-header__bar">
        <Link to="/" className="shell-brand" aria-label="Agentdock home">
          <span className="shell-brand__mark" aria-hidden="true" />
          Agentdock
        </Link>

        <nav aria-label="Main" className="shell-nav">
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="shell-account" aria-busy={session.status === 'loading'}>
          {session.status === 'loading' && <Skeleton width="8rem" height="1.25rem" />}
          {session.user && (
            <span className="shell-account__email" title={session.user.email}>
              {session.user.email}
            </span>
          )}
          {session.status === 'signed-in' && (
            <Suspense fallback={null}>
              <WorkspaceSwitch className="shell-workspace" />
              <HeaderBalance />
            </Suspense>
          )}
          {accountLinks(session, 'header').map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass}>
              {link.label}
            </NavLink>
          ))}
          {session.status === 'signed-in' && <SignOutButton />}
        </div>

        <button
          ref={menuButton}
          type="button"
          className="shell-menu-button"
          aria-expanded={menuOpen}
          aria-controls="shell-mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="shell-menu-button__bars" aria-hidden="true" />
        </button>
      </Container>

      <MobileMenu id="shell-mobile-menu" open={menuOpen} onClose={closeMenu} />
    </header>
  );
}

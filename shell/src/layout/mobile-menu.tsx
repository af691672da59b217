import { lazy, Suspense, useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { useVisitorSession } from '@agentdock/session/visitor';
import { classNames, Container } from '@agentdock/ui';
import { accountLinks, MAIN_LINKS } from './nav-links';
import { SignOutButton } from './sign-out-button';

interface MobileMenuProps {
  id: string;
  open: boolean;
  /** Escape closes the menu and gives focus back to the menu button. */
  onClose: () => void;
}

// Its contracts load only for a signed-in user, as in the header.
const WorkspaceSwitch = lazy(() => import('./workspace-switch').then((module) => ({ default: module.WorkspaceSwitch })));

const linkClass = ({ isActive }: { isActive: boolean }) => classNames('shell-mobile-menu__link', isActive && 'is-active');

export function MobileMenu({ id, open, onClose }: MobileMenuProps) {
  const session = useVisitorSession();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onClose]);

  return (
    <div id={id} ref={panel} className="shell-mobile-menu" hidden={!open}>
      <Container>
        <nav aria-label="Mobile">
          <ul className="shell-mobile-menu__list">
            {[...MAIN_LINKS, ...accountLinks(session, 'mobile')].map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={linkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {session.user && (
          <div className="shell-mobile-menu__account">
            <span className="shell-mobile-menu__email">{session.user.email}</span>
            {session.status === 'signed-in' && (
              <Suspense fallback={null}>
                <WorkspaceSwitch className="shell-workspace shell-workspace--mobile" />
              </Suspense>
            )}
            <SignOutButton />
          </div>
        )}
      </Container>
    </div>
  );
}

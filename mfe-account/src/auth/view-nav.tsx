import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AuthView } from './auth-views';

export interface ViewNav {
  /** Where `view` lives: this page with its query (?view=…), or the other auth page. */
  hrefFor(view: AuthView): string;
  /** Where to land once signed in (a same-site path), if the visitor came with one. */
  returnUrl: string | null;
  /** The address typed last on this page, so a switch of view does not make the visitor type it again. */
  email: string;
}

/** What a link to another view carries in the history entry it opens. */
export interface ViewLinkState {
  email?: string;
  /** Shown above the form once, e.g. why the visitor landed here. */
  notice?: string;
}

const ViewNavContext = createContext<ViewNav>({ hrefFor: () => '/signin', returnUrl: null, email: '' });

export const ViewNavProvider = ViewNavContext.Provider;

export function useViewNav(): ViewNav {
  return useContext(ViewNavContext);
}

/** A link to another view; each view has its own URL, so Back returns to the previous one. */
export function ViewLink({ view, email, children }: { view: AuthView; email?: string; children: ReactNode }) {
  const nav = useViewNav();
  const state: ViewLinkState = { email: email ?? nav.email };
  return (
    <Link to={nav.hrefFor(view)} state={state} className="acc-auth__link">
      {children}
    </Link>
  );
}

export function ViewLinks({ children }: { children: ReactNode }) {
  return <ul className="acc-auth__links">{children}</ul>;
}

/** The way back from a view opened from the sign-in form. */
export function BackToSignIn() {
  return (
    <ViewLinks>
      <li>
        <ViewLink view="sign_in">Back to sign in</ViewLink>
      </li>
    </ViewLinks>
  );
}

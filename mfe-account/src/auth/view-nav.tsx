import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AuthView } from './auth-views';

export interface ViewNav {
  /** The route that shows `view`, when it is another page (sign in ↔ sign up); null for views of this page. */
  hrefFor(view: AuthView): string | null;
  goTo(view: AuthView): void;
  /** Where to land once signed in (a same-site path), if the visitor came with one. */
  returnUrl: string | null;
}

const ViewNavContext = createContext<ViewNav>({ hrefFor: () => null, goTo: () => undefined, returnUrl: null });

export const ViewNavProvider = ViewNavContext.Provider;

export function useViewNav(): ViewNav {
  return useContext(ViewNavContext);
}

/** A link to another view: a router link when it is another page, otherwise a button that switches in place. */
export function ViewLink({ view, children }: { view: AuthView; children: ReactNode }) {
  const nav = useViewNav();
  const href = nav.hrefFor(view);
  if (href) {
    return (
      <Link to={href} className="acc-auth__link">
        {children}
      </Link>
    );
  }
  return (
    <button type="button" className="acc-auth__link" onClick={() => nav.goTo(view)}>
      {children}
    </button>
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

import type { ReactNode } from 'react';
import { SiteFooter } from './footer';
import { Header } from './header';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <a className="shell-skip-link" href="#main-content">
        Skip to content
      </a>
      <Header />
      <main id="main-content" className="shell-main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}

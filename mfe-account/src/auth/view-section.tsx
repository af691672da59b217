import type { ReactNode } from 'react';

interface ViewSectionProps {
  /**
   * The view's own heading, omitted for the view the page is named after. A view is shown alone
   * in the card, whose title then gives way, so this heading is the page's h1.
   */
  title?: string;
  lead?: ReactNode;
  children: ReactNode;
}

export function ViewSection({ title, lead, children }: ViewSectionProps) {
  return (
    <section className="acc-auth__view" aria-label={title}>
      {title && <h1 className="acc-auth__view-title">{title}</h1>}
      {lead && <p className="ad-muted">{lead}</p>}
      {children}
    </section>
  );
}

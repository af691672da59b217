import { useEffect, useRef, type ReactNode } from 'react';

interface ViewSectionProps {
  /** The view's own heading; omitted for the view the page is named after. */
  title?: string;
  lead?: ReactNode;
  /** Moves focus to the heading, for views opened from a link on the same page. */
  focusOnMount?: boolean;
  children: ReactNode;
}

export function ViewSection({ title, lead, focusOnMount, children }: ViewSectionProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  return (
    <section className="acc-auth__view" aria-label={title}>
      {title && (
        <h2 ref={heading} tabIndex={-1} className="acc-auth__view-title">
          {title}
        </h2>
      )}
      {lead && <p className="ad-muted">{lead}</p>}
      {children}
    </section>
  );
}

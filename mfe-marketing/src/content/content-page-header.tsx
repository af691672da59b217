import type { ReactNode } from 'react';
import { classNames, Container, PageHeader, Skeleton } from '@agentdock/ui';
import { SafeHtml } from './safe-html';
import { useContentSection } from './use-content-section';

export interface ContentPageHeaderProps {
  /** The section whose title is the page's h1 and whose text is the lead. */
  slot: string;
  /** The h1 when the catalog has no such section or cannot be reached. */
  fallbackTitle: string;
  eyebrow?: string;
  center?: boolean;
  children?: ReactNode;
}

/** A page header written by the operator in the catalog, with placeholders while it loads. */
export function ContentPageHeader({ slot, fallbackTitle, eyebrow, center, children }: ContentPageHeaderProps) {
  const section = useContentSection(slot);
  if (section === undefined) {
    return (
      <header className={classNames('ad-page-header', center && 'ad-page-header--center')} aria-busy="true">
        <Container>
          {eyebrow && <span className="ad-eyebrow">{eyebrow}</span>}
          <div className={classNames('mk-header-placeholder', center && 'mk-header-placeholder--center')} aria-hidden="true">
            <Skeleton height="2.75rem" width="60%" />
            <Skeleton width="80%" />
            <Skeleton width="50%" />
          </div>
          {children}
        </Container>
      </header>
    );
  }
  return (
    <PageHeader eyebrow={eyebrow} center={center} title={section?.title ?? fallbackTitle} lead={section?.html ? <SafeHtml html={section.html} /> : undefined}>
      {children}
    </PageHeader>
  );
}

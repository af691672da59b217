import type { ReactNode } from 'react';
import { classNames } from './class-names';
import { Container } from './container';

export interface PageHeaderProps {
  title: string;
  eyebrow?: string;
  lead?: ReactNode;
  center?: boolean;
  children?: ReactNode;
}

/** The top of a page: its one h1, an optional kicker and introduction. */
export function PageHeader({ title, eyebrow, lead, center, children }: PageHeaderProps) {
  return (
    <header className={classNames('ad-page-header', center && 'ad-page-header--center')}>
      <Container>
        {eyebrow && <span className="ad-eyebrow">{eyebrow}</span>}
        <h1>{title}</h1>
        {/* Rich leads (e.g. sanitised HTML with its own paragraphs) cannot sit inside a <p>. */}
        {lead && (typeof lead === 'string' ? <p className="ad-lead">{lead}</p> : <div className="ad-lead">{lead}</div>)}
        {children}
      </Container>
    </header>
  );
}

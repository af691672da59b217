import type { ReactNode } from 'react';
import { Container, PageHeader } from '@agentdock/ui';
import { Link } from 'react-router-dom';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

const LEGAL_UPDATED = 'August 14, 2025';

/** A numbered legal document with its date and a contents list that jumps to each section. */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: readonly LegalSection[] }) {
  const anchor = (index: number) => `section-${index + 1}`;
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} lead={`Last updated ${LEGAL_UPDATED}`} />
      <Container className="ad-section ad-section--flush-top mk-legal">
        <div className="mk-legal__intro">{intro}</div>
        <nav aria-label="Contents" className="mk-legal__toc">
          <ol>
            {sections.map((section, index) => (
              <li key={section.title}>
                <Link to={`#${anchor(index)}`}>{section.title}</Link>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((section, index) => (
          <section key={section.title} id={anchor(index)} aria-labelledby={`${anchor(index)}-title`} className="mk-legal__section">
            <h2 id={`${anchor(index)}-title`}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </Container>
    </>
  );
}

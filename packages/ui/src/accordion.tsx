import { useId, type ReactNode } from 'react';
import { moveBetweenQuestions } from './accordion-keys';
import { classNames } from './class-names';

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

export interface AccordionProps {
  items: ReadonlyArray<AccordionItem>;
  /** Heading level of each item's title, so the accordion fits the page outline. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * Questions with at most one open: the browser's own disclosure elements, one group name for all,
 * so opening one closes the others and Enter, Space and clicks work without this page's code (a
 * served list is usable before it hydrates, or without ever loading its code).
 */
export function Accordion({ items, headingLevel = 3, className }: AccordionProps) {
  const group = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={classNames('ad-accordion', className)} onKeyDown={moveBetweenQuestions}>
      {items.map((item) => (
        <details key={item.id} name={group} className="ad-accordion__item">
          <summary className="ad-accordion__trigger">
            <Heading className="ad-accordion__heading">{item.title}</Heading>
            <svg className="ad-accordion__icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M8 2v12M2 8h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </summary>
          <div className="ad-accordion__panel">{item.content}</div>
        </details>
      ))}
    </div>
  );
}

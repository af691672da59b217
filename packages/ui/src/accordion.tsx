import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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
 * Disclosure list with at most one item open (WAI-ARIA accordion pattern): Enter/Space toggle,
 * Arrow keys move between headers, Home/End jump to the first/last header.
 */
export function Accordion({ items, headingLevel = 3, className }: AccordionProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  const triggers = useRef<Array<HTMLButtonElement | null>>([]);
  const Heading = `h${headingLevel}` as const;

  const focusTrigger = (index: number) => {
    const count = items.length;
    triggers.current[(index + count) % count]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusTrigger(target);
  };

  return (
    <div className={classNames('ad-accordion', className)}>
      {items.map((item, index) => {
        const open = item.id === openId;
        const triggerId = `${baseId}-trigger-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={item.id} className="ad-accordion__item">
            <Heading className="ad-accordion__heading">
              <button
                ref={(element) => {
                  triggers.current[index] = element;
                }}
                type="button"
                id={triggerId}
                className="ad-accordion__trigger"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span>{item.title}</span>
                <svg className="ad-accordion__icon" width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                  <path d="M8 2v12M2 8h12" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={triggerId} className="ad-accordion__panel" hidden={!open}>
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}

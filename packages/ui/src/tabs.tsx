import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { classNames } from './class-names';

export interface TabItem<T extends string> {
  value: T;
  label: string;
}

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: ReadonlyArray<TabItem<T>>;
  value: T;
  onChange: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
  className?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: only the selected tab is in the Tab order; Arrow
 * Left/Right move and select, Home/End jump to the first/last tab. The caller keeps the selected
 * value (e.g. in the URL) and renders its panel as children.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children, className }: TabsProps<T>) {
  const baseId = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const selectedIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.value === value),
  );
  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const panelId = `${baseId}-panel`;

  const select = (index: number) => {
    const count = tabs.length;
    const next = (index + count) % count;
    buttons.current[next]?.focus();
    onChange(tabs[next]!.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className={classNames('ad-tabs', className)}>
      <div role="tablist" aria-label={label} className="ad-tabs__list">
        {tabs.map((tab, index) => {
          const selected = index === selectedIndex;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(index)}
              aria-selected={selected}
              aria-controls={panelId}
              tabIndex={selected ? 0 : -1}
              className="ad-tabs__tab"
              onClick={() => onChange(tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selectedIndex)} tabIndex={0} className="ad-tabs__panel">
        {children}
      </div>
    </div>
  );
}

import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { buttonClassName, type ButtonStyleProps } from './button';

/** px: the list is right-aligned with its button, and kept 8 px inside the window on a phone. */
const MENU_WIDTH = 224;

export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** Shown but not chosen; `disabledReason` says why (read with the item). */
  disabled?: boolean;
  disabledReason?: string;
  /** Drawn in the danger colour (e.g. Suspend). */
  danger?: boolean;
}

export interface MenuProps extends ButtonStyleProps {
  /** The button's visible text, e.g. "Actions". */
  label: string;
  /** Its accessible name when the text alone is ambiguous, e.g. "Actions for Ana". */
  ariaLabel?: string;
  items: MenuItem[];
}

/**
 * A menu button (WAI-ARIA menu button pattern): Enter, Space or ArrowDown opens it on the first
 * item, ArrowUp on the last; arrows, Home and End move; Escape or Tab closes it, Escape returning
 * focus to the button; choosing an item closes it and gives focus back to the button before the
 * item's action runs, so a dialog it opens returns focus there too.
 */
export function Menu({ label, ariaLabel, items, variant = 'secondary', size = 'sm', ...style }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState<{ top: number; left: number }>({ top: 0, left: 0 });
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  // Placed against the window (a table's scroll box would clip it), under the button, or above it
  // when the window has no room below; kept there while the page scrolls or resizes.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const button = buttonRef.current?.getBoundingClientRect();
      const height = listRef.current?.offsetHeight ?? 0;
      if (!button) return;
      const below = button.bottom + 4;
      const top = below + height > window.innerHeight && button.top - 4 - height >= 0 ? button.top - 4 - height : below;
      setPlace({ top, left: Math.max(8, Math.min(button.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - 8)) });
    };
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  useEffect(() => {
    if (open) listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus({ preventScroll: true });
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const choose = (item: MenuItem) => {
    if (item.disabled) return;
    close();
    item.onSelect();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      show(event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = { ArrowDown: (active + 1) % items.length, ArrowUp: (active - 1 + items.length) % items.length, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(items[active]!);
    }
  };

  return (
    <div className="ad-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={buttonClassName({ variant, size, ...style }, 'ad-menu__button')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={ariaLabel}
        onClick={() => (open ? setOpen(false) : show(0))}
        onKeyDown={onButtonKey}
      >
        {label}
        <span aria-hidden="true" className="ad-menu__caret">
          ▾
        </span>
      </button>
      {open && (
        <ul ref={listRef} id={menuId} role="menu" aria-labelledby={buttonId} className="ad-menu__list" style={{ ...place, width: MENU_WIDTH }} onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <li
              key={item.label}
              role="menuitem"
              tabIndex={-1}
              aria-disabled={item.disabled || undefined}
              title={item.disabled ? item.disabledReason : undefined}
              className={item.danger ? 'ad-menu__item ad-menu__item--danger' : 'ad-menu__item'}
              onClick={() => choose(item)}
              onMouseEnter={() => setActive(index)}
            >
              {item.label}
              {item.disabled && item.disabledReason && <span className="ad-visually-hidden">{` (${item.disabledReason})`}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  /** The question or explanation under the title (announced with it). */
  description?: ReactNode;
  /** The form fields or extra text between the description and the actions. */
  children?: ReactNode;
  /** The buttons; the one marked `data-autofocus` gets focus first (the safe answer). */
  actions: ReactNode;
  /** Escape calls it, as the safe answer does. */
  onClose: () => void;
  /** `alertdialog` for a question before a consequential action. */
  role?: 'dialog' | 'alertdialog';
}

const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog (WAI-ARIA dialog pattern): focus moves in (to `[data-autofocus]`, else the first
 * control), Tab and Shift+Tab stay inside, Escape closes, and focus returns to where it was.
 *
 * @example
 * <Dialog title="Cancel subscription?" onClose={close} actions={<Button data-autofocus onClick={close}>Keep</Button>} />
 */
export function Dialog({ title, description, children, actions, onClose, role = 'dialog' }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    const first = dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="ad-dialog-backdrop">
      <div
        ref={dialogRef}
        className="ad-dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="ad-dialog__title">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="ad-dialog__description">
            {description}
          </div>
        ) : null}
        {children}
        <div className="ad-dialog__actions">{actions}</div>
      </div>
    </div>
  );
}

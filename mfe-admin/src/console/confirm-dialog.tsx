import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Button } from '@agentdock/ui';

export interface ConfirmDialogProps {
  message: string;
  confirmLabel: string;
  /** While the confirmed action runs. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question before a destructive action. Focus starts on Cancel (the safe answer), stays
 * inside the dialog, Escape cancels, and focus goes back to where it was when it closes.
 */
export function ConfirmDialog({ message, confirmLabel, pending = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialogRef.current?.querySelector<HTMLButtonElement>('[data-autofocus]')?.focus();
    return () => previous?.focus?.();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = Array.from(dialogRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []);
    const first = buttons[0];
    const last = buttons.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="adm-dialog-backdrop">
      <div ref={dialogRef} className="adm-dialog" role="alertdialog" aria-modal="true" aria-labelledby={messageId} onKeyDown={onKeyDown}>
        <p id={messageId}>{message}</p>
        <div className="adm-actions">
          <Button data-autofocus variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={pending}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}

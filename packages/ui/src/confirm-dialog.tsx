import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  /** The question, which names the dialog. */
  title: string;
  /** What happens if confirmed, in words (announced with the title). */
  description?: ReactNode;
  /** Fields between the description and the buttons (e.g. the plan to move to). */
  children?: ReactNode;
  confirmLabel: string;
  /** `danger` for what locks someone out or removes something; `primary` otherwise. */
  tone?: 'danger' | 'primary';
  /** While the confirmed action runs. */
  pending?: boolean;
  /** A choice inside the dialog is not made yet (e.g. the same plan picked). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A question before a consequential action (an `alertdialog`): focus starts on Cancel, the safe
 * answer, and Escape cancels; the rest is the Dialog's (focus kept inside, returned on close).
 *
 * @example
 * <ConfirmDialog title="Suspend Ana?" description="Ana is signed out everywhere now." confirmLabel="Suspend" onConfirm={suspend} onCancel={close} />
 */
export function ConfirmDialog({ title, description, children, confirmLabel, tone = 'danger', pending = false, confirmDisabled = false, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      role="alertdialog"
      title={title}
      description={description}
      onClose={onCancel}
      actions={
        <>
          <Button data-autofocus variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={pending || confirmDisabled}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

import './form.css';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { Alert, Button } from '@agentdock/ui';

interface FormFrameProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  formRef: RefObject<HTMLFormElement | null>;
  /** The server's message, shown in the red box. */
  error: string | null;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
}

/** A form: fields, the red box for the server's message, and a submit button that shows it is busy. */
export function FormFrame({ onSubmit, formRef, error, pending, submitLabel, pendingLabel, children }: FormFrameProps) {
  return (
    <form ref={formRef} className="acc-form" onSubmit={onSubmit} noValidate aria-busy={pending}>
      {error && <Alert variant="error">{error}</Alert>}
      {children}
      <Button type="submit" block disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </form>
  );
}

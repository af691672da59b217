import { useEffect, useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Button, Card } from '@agentdock/ui';

export interface FormFrameProps {
  title: string;
  /** The form's state (useRecordForm); `formError` is a server message that names no field of the form. */
  form: {
    formRef: RefObject<HTMLFormElement | null>;
    pending: boolean;
    formError: string | null;
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  };
  onCancel: () => void;
  children: ReactNode;
}

/** An admin create/edit form: its title (focused when it opens), the fields, Save and Cancel. */
export function FormFrame({ title, form, onCancel, children }: FormFrameProps) {
  const { formRef, pending, formError, onSubmit } = form;
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card as="section" className="adm-form-card" aria-labelledby={titleId}>
      <h3 id={titleId} ref={headingRef} tabIndex={-1}>
        {title}
      </h3>
      <form ref={formRef} className="adm-form" onSubmit={onSubmit} noValidate>
        {children}
        {formError && <p className="ad-field__error">{formError}</p>}
        <div className="adm-actions">
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving…' : 'Save'}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Card>
  );
}

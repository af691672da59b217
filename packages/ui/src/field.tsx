import { type InputHTMLAttributes, type ReactElement, type TextareaHTMLAttributes, useId } from 'react';

interface FieldFrameProps {
  label: string;
  error?: string;
}

/** Label, control and error message, wired together for assistive technology. */
function FieldFrame({ label, error, renderControl }: FieldFrameProps & { renderControl: (props: ControlProps) => ReactElement }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="ad-field">
      <label htmlFor={id} className="ad-field__label">
        {label}
      </label>
      {renderControl({ id, className: 'ad-input', ...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {}) })}
      {error && (
        <p id={errorId} className="ad-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

interface ControlProps {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function TextField({ label, error, ...input }: TextFieldProps) {
  return <FieldFrame label={label} error={error} renderControl={(control) => <input {...input} {...control} />} />;
}

export type TextAreaFieldProps = FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextAreaField({ label, error, ...textarea }: TextAreaFieldProps) {
  return <FieldFrame label={label} error={error} renderControl={(control) => <textarea {...textarea} {...control} />} />;
}

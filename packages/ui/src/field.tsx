import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  label: string;
  error?: string;
}

function describedBy(errorId: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
}

export type TextFieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function TextField({ label, error, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="ad-field">
      <label htmlFor={id} className="ad-field__label">
        {label}
      </label>
      <input {...input} id={id} className="ad-input" {...describedBy(errorId, error)} />
      {error && (
        <p id={errorId} className="ad-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export type TextAreaFieldProps = FieldFrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>;

export function TextAreaField({ label, error, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="ad-field">
      <label htmlFor={id} className="ad-field__label">
        {label}
      </label>
      <textarea {...textarea} id={id} className="ad-input" {...describedBy(errorId, error)} />
      {error && (
        <p id={errorId} className="ad-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

import { useId, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A labelled select with its error message, like the kit's TextField. */
export function SelectField({ label, error, options, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <div className="ad-field">
      <label htmlFor={id} className="ad-field__label">
        {label}
      </label>
      <select {...select} id={id} className="ad-input" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="ad-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string;
}

export function CheckboxField({ label, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="ad-field adm-checkbox">
      <input {...input} id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p id={`${id}-error`} className="ad-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useReportError } from './admin-banner';
import { type AdminErrorText, shownInForm } from './admin-errors';

export type FormValues = Record<string, string | boolean>;
export type FieldErrors<V> = Partial<Record<keyof V | 'form', string>>;

interface RecordFormOptions<V extends FormValues> {
  initial: V;
  /** Sends the values; throws the server's error when it refuses them. */
  save: (values: V) => Promise<void>;
  /**
   * Maps a server field path (e.g. `monthly.amount`) to the form field that shows its message; by
   * default the field named by the path's first segment.
   */
  fieldOf?: (path: string) => keyof V | undefined;
  /** The banner's text when saving fails. */
  failureText: AdminErrorText;
}

/**
 * An admin create/edit form. The console sends the values as typed (no checks of its own): the
 * server validates, and its messages appear next to the fields they concern while the edit stays
 * on screen. The first field with a message gets focus.
 */
export function useRecordForm<V extends FormValues>({ initial, save, fieldOf = (path) => fieldNamedBy(initial, path), failureText }: RecordFormOptions<V>) {
  const report = useReportError();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      await save(values);
      setErrors({});
    } catch (error) {
      setErrors(fieldErrorsOf(error, fieldOf));
      report(failureText, error, true);
    } finally {
      setPending(false);
    }
  }

  function text(name: keyof V & string) {
    return {
      name,
      value: String(values[name]),
      error: errors[name],
      onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    };
  }

  function checkbox(name: keyof V & string) {
    return {
      name,
      checked: Boolean(values[name]),
      error: errors[name],
      onChange: (event: { target: { checked: boolean } }) => setValues((current) => ({ ...current, [name]: event.target.checked })),
    };
  }

  return { values, errors, pending, onSubmit, formRef, text, checkbox };
}

/** The form field a server field path's first segment names (`features.2` → `features`), if the form has it. */
export function fieldNamedBy<V extends FormValues>(values: V, path: string): keyof V | undefined {
  const head = path.split('.')[0];
  return head && head in values ? (head as keyof V) : undefined;
}

/**
 * The first server message for each form field; messages about no known field, and a refusal that
 * names no field (a deduction larger than the balance), go to `form`.
 */
function fieldErrorsOf<V>(error: unknown, fieldOf: (path: string) => keyof V | undefined): FieldErrors<V> {
  const errors: FieldErrors<V> = {};
  if (!shownInForm(error)) return errors;
  if (error.fields.length === 0) return { form: error.message } as FieldErrors<V>;
  for (const field of error.fields) {
    const key = fieldOf(field.path) ?? 'form';
    errors[key] ??= field.message;
  }
  return errors;
}

/** "1,000" and "1000" → 1000; an empty field → null; "12.5" or words are sent as typed. */
export function integerOrNull(value: string): number | string | null {
  const trimmed = value.trim().replace(/[,_\s]/g, '');
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number.parseInt(trimmed, 10) : value.trim();
}

/** One entry per non-empty line. */
export function lines(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

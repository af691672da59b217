import { type FormEvent, useEffect, useRef, useState } from 'react';
import { describeFailure, type FormFailure } from './failure';
import { type FieldErrors, type FieldOf, firstSegment, type Parsed } from './parse';

/** A form's values: text fields hold strings, checkboxes booleans. */
export type FormValues<V> = { [K in keyof V]: string | boolean };

type TextName<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type CheckboxName<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

export interface FormOptions<V extends FormValues<V>, T> {
  initial: V;
  /** The values as a request body, or what is wrong with them (may wait for the schemas, see parseWith). */
  parse: (values: V) => Parsed<T> | Promise<Parsed<T>>;
  /** Sends the body; throws when it fails, e.g. the API client's error with the server's field messages. */
  submit: (data: T) => Promise<void> | void;
  /** Which field shows a server message about a path of the body; by default the path's first segment. */
  fieldOf?: FieldOf;
  /**
   * What a failed submit (or a parse that threw, e.g. its schemas' chunk did not load) shows, and
   * the place to report it elsewhere; by default the error's message above the fields and its field
   * messages beside them (describeFailure).
   */
  onFailure?: (error: unknown) => FormFailure;
  /** What `parse` loads on first use (e.g. a chunk of schemas): loaded once the visitor focuses the form. */
  preload?: () => Promise<unknown>;
  /** An edited field's message goes away as the visitor types, instead of at the next submit. */
  clearErrorOnChange?: boolean;
}

/**
 * The state of one form: values, messages beside fields, the form's own message and the pending
 * flag. Invalid input never reaches `submit`; after a refused submit the first invalid field (in
 * page order, as marked by aria-invalid) gets focus. A second submit while one is under way is
 * ignored: the guard is a ref, set in the event itself, so even two clicks that arrive before
 * React renders the disabled button submit once.
 */
export function useForm<V extends FormValues<V>, T>({ initial, parse, submit, fieldOf = firstSegment, onFailure, preload, clearErrorOnChange = false }: FormOptions<V, T>) {
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useRef(false);
  // Focus moves after a refused submit only, never while the visitor edits.
  const focusInvalid = useRef(false);

  // What parse needs loads once the visitor starts on the form, so submitting rarely waits for it.
  const preloadRef = useRef(preload);
  useEffect(() => {
    const form = formRef.current;
    const load = preloadRef.current;
    if (!form || !load) return;
    const prefetch = () => void load().catch(() => undefined);
    form.addEventListener('focusin', prefetch, { once: true });
    return () => form.removeEventListener('focusin', prefetch);
  }, []);

  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);

  function refuse(errors: FieldErrors) {
    focusInvalid.current = true;
    // A copy, so the same errors again still render and move focus.
    setFieldErrors({ ...errors });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setFormError(null);
    try {
      const parsed = await parse(values);
      if (parsed.errors) {
        refuse(parsed.errors);
        return;
      }
      setFieldErrors({});
      setPending(true);
      try {
        await submit(parsed.data);
      } finally {
        setPending(false);
      }
    } catch (error) {
      const failure = onFailure ? onFailure(error) : describeFailure(error, fieldOf);
      refuse(failure.fields);
      setFormError(failure.message);
    } finally {
      busy.current = false;
    }
  }

  function change(name: keyof V & string, value: string | boolean) {
    setValues((current) => ({ ...current, [name]: value }));
    if (clearErrorOnChange && fieldErrors[name]) setFieldErrors((current) => ({ ...current, [name]: undefined }));
  }

  /** Props for a TextField, TextAreaField or select bound to `name`. */
  function field(name: TextName<V>) {
    return { name, value: values[name] as string, error: fieldErrors[name], onChange: (event: { target: { value: string } }) => change(name, event.target.value) };
  }

  /** Props for a checkbox bound to `name`. */
  function checkbox(name: CheckboxName<V>) {
    return { name, checked: values[name] as boolean, error: fieldErrors[name], onChange: (event: { target: { checked: boolean } }) => change(name, event.target.checked) };
  }

  return { values, setValues, field, checkbox, fieldErrors, formError, pending, onSubmit, formRef };
}

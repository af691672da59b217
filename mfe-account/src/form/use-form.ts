import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { describeFailure, type FieldErrors, type Parsed } from './form';

interface FormOptions<F extends string, T> {
  initial: Record<F, string>;
  /** The typed values as a request body, or what is wrong with them (may wait for the schemas). */
  parse: (values: Record<F, string>) => Parsed<T> | Promise<Parsed<T>>;
  submit: (data: T) => Promise<void>;
  /** Maps field names of the server's validation errors to the form's. */
  rename?: Record<string, string>;
  /** What `parse` loads on first use (e.g. loadAuthSchemas): loaded once the visitor focuses the form. */
  preload?: () => Promise<unknown>;
}

/**
 * State of one form: values, messages next to fields, the server's message for the red box,
 * and the pending flag. Invalid input never reaches the server; the first invalid field gets focus.
 */
export function useForm<F extends string, T>({ initial, parse, submit, rename, preload }: FormOptions<F, T>) {
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // Set from submit to the end of the request, so a second click while the schemas load is ignored.
  const busy = useRef(false);

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
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setFormError(null);
    try {
      let parsed: Parsed<T>;
      try {
        parsed = await parse(values);
      } catch (error) {
        // The schemas' chunk did not load (e.g. offline): said in the red box, like a failed request.
        setFormError(describeFailure(error, rename).message);
        return;
      }
      if (parsed.errors) {
        setFieldErrors(parsed.errors);
        return;
      }
      setFieldErrors({});
      setPending(true);
      try {
        await submit(parsed.data);
      } catch (error) {
        const failure = describeFailure(error, rename);
        setFieldErrors(failure.fields);
        setFormError(failure.message);
      } finally {
        setPending(false);
      }
    } finally {
      busy.current = false;
    }
  }

  /** Props for a TextField bound to `name`. */
  function field(name: F) {
    return {
      name,
      value: values[name],
      error: fieldErrors[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [name]: event.target.value })),
    };
  }

  return { values, field, fieldErrors, formError, pending, onSubmit, formRef, setValues };
}

import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { describeFailure, type FieldErrors, type Parsed } from './form';

interface FormOptions<F extends string, T> {
  initial: Record<F, string>;
  /** The typed values as a request body, or what is wrong with them. */
  parse: (values: Record<F, string>) => Parsed<T>;
  submit: (data: T) => Promise<void>;
  /** Maps field names of the server's validation errors to the form's. */
  rename?: Record<string, string>;
}

/**
 * State of one form: values, messages next to fields, the server's message for the red box,
 * and the pending flag. Invalid input never reaches the server; the first invalid field gets focus.
 */
export function useForm<F extends string, T>({ initial, parse, submit, rename }: FormOptions<F, T>) {
  const [values, setValues] = useState(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFormError(null);
    const parsed = parse(values);
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

  return { values, field, formError, pending, onSubmit, formRef, setValues };
}

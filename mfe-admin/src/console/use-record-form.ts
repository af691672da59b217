import { type FormFailure, type FormValues, serverFieldErrors, useForm } from '@agentdock/ui';
import { useReportError } from './admin-banner';
import { type AdminErrorText, shownInForm } from './admin-errors';

interface RecordFormOptions<V extends FormValues<V>> {
  initial: V;
  /** Sends the values; throws the server's error when it refuses them. */
  save: (values: V) => Promise<void>;
  /**
   * Maps a server field path (e.g. `monthly.amount`) to the form field that shows its message; by
   * default the field named by the path's first segment.
   */
  fieldOf?: (path: string) => (keyof V & string) | undefined;
  /** The banner's text when saving fails. */
  failureText: AdminErrorText;
}

/**
 * An admin create/edit form. The console sends the values as typed (no checks of its own): the
 * server validates, and its messages appear next to the fields they concern while the edit stays
 * on screen, the banner saying only `failureText`.
 */
export function useRecordForm<V extends FormValues<V>>({ initial, save, fieldOf = (path) => fieldNamedBy(initial, path), failureText }: RecordFormOptions<V>) {
  const report = useReportError();
  return useForm({
    initial,
    parse: (values) => ({ data: values }),
    submit: save,
    onFailure: (error) => {
      report(failureText, error, true);
      return recordFailure(error, fieldOf);
    },
  });
}

/** The form field a server field path's first segment names (`features.2` → `features`), if the form has it. */
export function fieldNamedBy<V extends object>(values: V, path: string): (keyof V & string) | undefined {
  const head = path.split('.')[0];
  return head && head in values ? (head as keyof V & string) : undefined;
}

/**
 * What the form shows of a failed save: the server's messages beside their fields; below the
 * fields, one about no field of the form, or the refusal itself when it names no field (a
 * deduction larger than the balance). Anything but a refusal of the input is the banner's alone.
 */
function recordFailure(error: unknown, fieldOf: (path: string) => string | undefined): FormFailure {
  if (!shownInForm(error)) return { message: null, fields: {} };
  if (error.fields.length === 0) return { message: error.message, fields: {} };
  const { fields, unplaced } = serverFieldErrors(error, fieldOf);
  return { message: unplaced ?? null, fields };
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

import { type FieldErrors, type FieldOf, firstByField, firstSegment } from './parse';

/** What a failed submit shows: a message for the form as a whole (null for none), and messages beside fields. */
export interface FormFailure {
  message: string | null;
  fields: FieldErrors;
}

export const UNEXPECTED_FORM_ERROR = 'An unexpected error occurred. Please try again.';

const isFieldMessage = (field: unknown): field is { path: string; message: string } =>
  typeof (field as { path?: unknown } | null)?.path === 'string' && typeof (field as { message?: unknown }).message === 'string';

/**
 * The server's messages about single fields of the body, placed on the form's fields: an API
 * error carries them as `fields`, each with the `path` it is about (read by shape, so errors from
 * every copy of the API client are understood). `unplaced` is the first one no field shows.
 */
export function serverFieldErrors(error: unknown, fieldOf: FieldOf = firstSegment): { fields: FieldErrors; unplaced?: string } {
  const raw = (error as { fields?: unknown } | null)?.fields;
  return firstByField(Array.isArray(raw) ? raw.filter(isFieldMessage) : [], fieldOf);
}

/** The error's own message for the red box (an API error's is the server's sentence), and its field messages. */
export function describeFailure(error: unknown, fieldOf: FieldOf = firstSegment): { message: string; fields: FieldErrors } {
  const message = error instanceof Error && error.message ? error.message : UNEXPECTED_FORM_ERROR;
  return { message, fields: serverFieldErrors(error, fieldOf).fields };
}

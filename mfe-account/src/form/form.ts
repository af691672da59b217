/** Field-level messages, keyed by the form's field names. */
export type FieldErrors = Partial<Record<string, string>>;

export type Parsed<T> = { data: T; errors?: undefined } | { errors: FieldErrors };

/** What the contracts' zod schemas offer; structural, so this remote needs no zod of its own. */
export interface SchemaLike<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/** The first message of each field; `rename` maps a schema's field names to the form's. */
function firstByField(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>, rename: Record<string, string>) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'form');
    const field = rename[key] ?? key;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Validates a request body with its contract schema. */
export function parseWith<T>(schema: SchemaLike<T>, body: unknown, rename: Record<string, string> = {}): Parsed<T> {
  const result = schema.safeParse(body);
  return result.success ? { data: result.data } : { errors: firstByField(result.error.issues, rename) };
}

/** The auth forms' schemas, loaded on first use (see auth-schemas.ts). */
export const loadAuthSchemas = () => import('./auth-schemas').then((module) => module.AUTH_SCHEMAS);

/**
 * A message for each required field left empty (a schema can only say "invalid"), else the
 * result of `parse`.
 */
export function validateForm<T>(values: Record<string, string>, required: Record<string, string>, parse: () => Parsed<T> | Promise<Parsed<T>>): Parsed<T> | Promise<Parsed<T>> {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(required)) if (!values[field]?.trim()) errors[field] = message;
  return Object.keys(errors).length > 0 ? { errors } : parse();
}

const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/** The server's message for the red box, and its per-field messages (an ApiError carries both). */
export function describeFailure(error: unknown, rename: Record<string, string> = {}): { message: string; fields: FieldErrors } {
  const message = error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR;
  const raw = (error as { fields?: unknown } | null)?.fields;
  const fields = Array.isArray(raw)
    ? firstByField(
        raw
          .filter((field): field is { path: string; message: string } => typeof field?.path === 'string' && typeof field?.message === 'string')
          .map((field) => ({ path: [field.path.split('.')[0] ?? field.path], message: field.message })),
        rename,
      )
    : {};
  return { message, fields };
}

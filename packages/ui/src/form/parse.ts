import type { productIssueMessage } from '@agentdock/contracts';

/** Messages beside fields, keyed by the form's field names (or a name the form renders itself). */
export type FieldErrors = Partial<Record<string, string>>;

/** The typed values as a request body, or what is wrong with them. */
export type Parsed<T> = { data: T; errors?: undefined } | { errors: FieldErrors };

/** Which form field shows a message about a body's `path` (e.g. `monthly.amountMinor`); undefined for none. */
export type FieldOf = (path: string) => string | undefined;

/** By default a message belongs to the field named by the path's first segment (`features.2` → `features`). */
export const firstSegment: FieldOf = (path) => path.split('.')[0] ?? path;

/** What the contracts' zod schemas offer; structural, so this package needs no zod of its own. */
export interface SchemaLike<T> {
  safeParse(
    input: unknown,
    params: { error: typeof productIssueMessage },
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

/**
 * The first message for each field; `unplaced` is the first one about a path no field shows (or
 * about no path: the whole body).
 */
export function firstByField(issues: ReadonlyArray<{ path: string; message: string }>, fieldOf: FieldOf): { fields: FieldErrors; unplaced?: string } {
  const fields: FieldErrors = {};
  let unplaced: string | undefined;
  for (const issue of issues) {
    const field = issue.path ? fieldOf(issue.path) : undefined;
    if (field === undefined) unplaced ??= issue.message;
    else fields[field] ??= issue.message;
  }
  return { fields, unplaced };
}

/**
 * A message for each required field left empty (a schema can only say "invalid"), else the
 * result of `parse`.
 */
export function validateForm<T>(values: Record<string, unknown>, required: Record<string, string>, parse: () => Parsed<T> | Promise<Parsed<T>>): Parsed<T> | Promise<Parsed<T>> {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(required)) if (!String(values[field] ?? '').trim()) errors[field] = message;
  return Object.keys(errors).length > 0 ? { errors } : parse();
}

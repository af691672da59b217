import { productIssueMessage } from '@agentdock/contracts';
import { type FieldOf, firstByField, firstSegment, type Parsed, type SchemaLike } from './parse';

// A module of its own: the product's messages for zod's checks (~0.6 KB gzipped) come with it, so
// a form whose schemas load on demand can load this with them and keep it off its first view.

/**
 * Validates a request body with its contract schema. Checks the schema words no message for get
 * the product's sentences (productIssueMessage), as the services answer them, never zod's own.
 */
export function parseWith<T>(schema: SchemaLike<T>, body: unknown, fieldOf: FieldOf = firstSegment): Parsed<T> {
  const result = schema.safeParse(body, { error: productIssueMessage });
  if (result.success) return { data: result.data };
  const { fields, unplaced } = firstByField(
    result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
    fieldOf,
  );
  // What no field shows is kept under `form`, a name no field has, so the body still counts as invalid.
  return { errors: unplaced === undefined ? fields : { form: unplaced, ...fields } };
}

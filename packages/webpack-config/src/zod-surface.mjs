// The part of zod/mini that the platform shares under the key 'zod/mini', so the shell and every
// remote run one copy of it (its core is ~10 KB gzipped; each remote used to bring its own).
// Shared modules are never tree-shaken, so sharing all of zod/mini would ship every schema type,
// the JSON-schema generator and every locale; this lists what the browser-side contracts use.
// The build fails if application code uses anything not listed here (zod-surface-guard).
// Only ever add names: a shell built earlier must keep serving remotes built later.
// The path 'zod/v4/mini' is the same module as 'zod/mini' under another request, so this file
// itself is not served the shared copy it defines.
export {
  _default,
  array,
  boolean,
  coerce,
  discriminatedUnion,
  email,
  enum,
  extend,
  gte,
  int,
  iso,
  length,
  literal,
  lte,
  maxLength,
  minLength,
  nonnegative,
  nullable,
  number,
  object,
  optional,
  partial,
  pick,
  pipe,
  positive,
  prettifyError,
  record,
  refine,
  regex,
  safeParse,
  startsWith,
  string,
  toLowerCase,
  transform,
  trim,
  union,
  unknown,
  url,
  uuid,
} from 'zod/v4/mini';

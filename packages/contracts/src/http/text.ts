import * as z from 'zod/mini';

// PostgreSQL refuses NUL in text, and other control characters in a name or a title are only ever
// an attack or a paste accident; multi-line text keeps the tab and line breaks people really type.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const singleLineForbidden = /[\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const multiLineForbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const controlCharacterMessage = 'Remove control characters';

export function singleLineText(base: z.ZodMiniString<string> = z.string()): z.ZodMiniString<string> {
  return base.check(z.refine((value) => !singleLineForbidden.test(value), controlCharacterMessage));
}

export function multiLineText(base: z.ZodMiniString<string> = z.string()): z.ZodMiniString<string> {
  return base.check(z.refine((value) => !multiLineForbidden.test(value), controlCharacterMessage));
}

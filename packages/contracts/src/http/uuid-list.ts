import * as z from 'zod/mini';

/**
 * A query parameter holding up to `max` ids (100 unless given) separated by commas (`?userIds=a,b,c`), as an array:
 * how the console asks a service for the figures of one page of its list in one request.
 */
export function uuidListParam(noun: string, max = 100) {
  return z.pipe(
    z.pipe(
      z.string(),
      z.transform((value: string) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part.length > 0),
      ),
    ),
    z.array(z.string().check(z.uuid(`Each ${noun} must be a UUID`))).check(z.minLength(1, `Give at least one ${noun}`), z.maxLength(max, `At most ${max} ${noun}s`)),
  );
}

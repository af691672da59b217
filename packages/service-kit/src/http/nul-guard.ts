import type { RequestHandler } from 'express';
import { BadRequestError } from '../errors/app-errors';

const containsNul = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([key, entry]) => key.includes('\u0000') || containsNul(entry, depth + 1));
};

/**
 * PostgreSQL cannot store a NUL character in text, and no field of ours has a use for one: refuse
 * it at the edge for every route (JSON body and query), so no handler can carry it to the database.
 */
export function refuseNulCharacters(): RequestHandler {
  return (req, _res, next) => {
    // req.query parses the query string anew on each read; a URL without one has an empty query.
    if (containsNul(req.body) || (req.url.includes('?') && containsNul(req.query))) {
      return next(new BadRequestError('Text may not contain NUL or other control characters.', { code: 'invalid_text' }));
    }
    next();
  };
}

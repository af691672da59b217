import { isRefusal } from './refusal';

describe('isRefusal', () => {
  it('is a refusal for a 4xx answer about the cookie', () => {
    for (const status of [400, 401, 403, 404, 409]) expect(isRefusal({ status })).toBe(true);
  });

  it('is not a refusal when the server was busy, timed out, failed or did not answer', () => {
    for (const status of [429, 408, 500, 502, 503]) expect(isRefusal({ status })).toBe(false);
    for (const error of [new TypeError('Failed to fetch'), null, undefined, { status: '401' }]) expect(isRefusal(error)).toBe(false);
  });
});

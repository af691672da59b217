/** A patch's unsent fields are undefined; dropping them leaves those columns alone in an update. */
export function withoutUndefined<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

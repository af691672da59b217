// Kept apart from the zod schemas: the error catalogue quotes it, and every bundle loads that.
/** "At most 20 keys per account" (revoked keys do not count). */
export const MAX_API_KEYS_PER_ACCOUNT = 20;

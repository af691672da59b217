import type { UserProfile } from '../identity/profile';

/** A confirmed free-tier user as svc-identity serves it, for tests on either side of the API. */
export function userFixture(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    id: '8f0e4c1a-5b7d-4c2e-9a31-0d6f1b2c3d4e',
    email: 'ada@example.com',
    phone: null,
    fullName: 'Ada Lovelace',
    isAdmin: false,
    isSuspended: false,
    subscriptionTier: 'free',
    emailConfirmedAt: '2025-01-01T00:00:00.000Z',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

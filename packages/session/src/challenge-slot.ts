/** The second step's challenge, between a first factor and its code. */
export interface PendingChallenge {
  token: string;
  /** Epoch seconds. */
  expiresAt: number;
}

/**
 * Where this tab keeps the pending challenge. Memory only, never storage or other tabs: it is
 * worth nothing without a code, and a reload starts the sign-in again.
 */
export function createChallengeSlot() {
  let pending: PendingChallenge | null = null;
  return {
    get: () => pending,
    set: (challenge: PendingChallenge) => {
      pending = challenge;
    },
    clear: () => {
      pending = null;
    },
  };
}
export type ChallengeSlot = ReturnType<typeof createChallengeSlot>;

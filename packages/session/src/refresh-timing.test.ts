import { EXPIRY_LEEWAY_MS, refreshDelayMs, retryDelayMs } from './refresh-timing';

describe('when the session refreshes', () => {
  const now = 1_000_000;

  it('refreshes a minute before expiry when the token lives long enough', () => {
    expect(refreshDelayMs(now + 15 * 60_000, 15 * 60_000, now)).toBe(14 * 60_000);
  });

  it('refreshes half-way through a token that lives under two minutes', () => {
    expect(refreshDelayMs(now + 90_000, 90_000, now)).toBe(45_000);
    // Exactly two minutes: both margins are one minute.
    expect(refreshDelayMs(now + 120_000, 120_000, now)).toBe(60_000);
  });

  it('refreshes at once when the margin has already passed, never with a negative delay', () => {
    expect(refreshDelayMs(now + 30_000, 15 * 60_000, now)).toBe(0);
    expect(refreshDelayMs(now - 5_000, 15 * 60_000, now)).toBe(0);
  });

  it('retries an unreachable server after 5, 10, 20 and 40 seconds, then every minute', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000, 60_000, 60_000, 60_000]);
  });

  it('treats a token within ten seconds of its expiry as expired', () => {
    expect(EXPIRY_LEEWAY_MS).toBe(10_000);
  });
});

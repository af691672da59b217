import { browserStorage, createSessionHint, SESSION_HINT_KEY } from './session-hint';
import { memoryStorage } from './testing/fake-identity';

describe('the signed-in hint', () => {
  it('is present only once set, under the product key, and gone once cleared', () => {
    const storage = memoryStorage();
    const hint = createSessionHint(storage);
    expect(hint.present()).toBe(false);
    hint.set();
    expect(storage.data.get('agentdock.auth.signed-in')).toBe('1');
    expect(SESSION_HINT_KEY).toBe('agentdock.auth.signed-in');
    expect(hint.present()).toBe(true);
    hint.clear();
    expect(storage.data.has(SESSION_HINT_KEY)).toBe(false);
    expect(hint.present()).toBe(false);
  });

  it('is not taken from any other stored value', () => {
    expect(createSessionHint(memoryStorage({ [SESSION_HINT_KEY]: 'true' })).present()).toBe(false);
  });

  it('works without storage: never present, and setting or clearing it is harmless', () => {
    const hint = createSessionHint(null);
    expect(() => {
      hint.set();
      hint.clear();
    }).not.toThrow();
    expect(hint.present()).toBe(false);
  });

  it('falls back to no storage where reading localStorage throws, as some privacy modes do', () => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    const storage = memoryStorage();
    try {
      Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => storage });
      expect(browserStorage()).toBe(storage);
      Object.defineProperty(globalThis, 'localStorage', {
        configurable: true,
        get: () => {
          throw new Error('SecurityError');
        },
      });
      expect(browserStorage()).toBeNull();
      Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: undefined });
      expect(browserStorage()).toBeNull();
    } finally {
      if (descriptor) Object.defineProperty(globalThis, 'localStorage', descriptor);
      else delete (globalThis as { localStorage?: unknown }).localStorage;
    }
  });
});

/** @jest-environment jsdom */
import { createServedPageWake, listenForIntent } from './served-page-wake';

describe('the served page wake', () => {
  afterEach(() => (document.body.innerHTML = ''));

  it.each(['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'click', 'submit', 'input'])('wakes at the first %s anywhere on the page', async (type) => {
    const wake = createServedPageWake();
    listenForIntent(wake, document);
    const woken = jest.fn();
    wake.whenWoken(woken);
    document.body.innerHTML = '<header><a href="/pricing">Pricing</a></header>';
    expect(woken).not.toHaveBeenCalled();
    document.querySelector('a')!.dispatchEvent(new Event(type, { bubbles: true }));
    expect(woken).toHaveBeenCalledTimes(1);
    await expect(wake.woken).resolves.toBeUndefined();
  });

  it('does not wake while the visitor only reads (no event), and stops listening once woken', () => {
    const wake = createServedPageWake();
    const removed = jest.spyOn(document, 'removeEventListener');
    listenForIntent(wake, document);
    const woken = jest.fn();
    wake.whenWoken(woken);
    document.dispatchEvent(new Event('scroll'));
    expect(woken).not.toHaveBeenCalled();
    wake.wake();
    wake.wake();
    document.dispatchEvent(new Event('keydown'));
    expect(woken).toHaveBeenCalledTimes(1);
    expect(removed.mock.calls.map(([type]) => type)).toEqual(['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'click', 'submit', 'input']);
    removed.mockRestore();
  });

  it('runs a callback given after waking at once', () => {
    const wake = createServedPageWake();
    wake.wake();
    const woken = jest.fn();
    wake.whenWoken(woken);
    expect(woken).toHaveBeenCalledTimes(1);
  });
});

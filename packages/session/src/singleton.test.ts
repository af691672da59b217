/** @jest-environment @agentdock/session/jsdom-environment */
import { SESSION_CLIENT_CREATED_EVENT } from './session-hint';
import { getSessionClient } from './singleton';

describe('the page session client', () => {
  it('is made once and announced once, so every app’s light entry follows the same client', () => {
    const heard = jest.fn();
    window.addEventListener(SESSION_CLIENT_CREATED_EVENT, heard);
    const first = getSessionClient();
    expect(getSessionClient()).toBe(first);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});

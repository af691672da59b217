/** @jest-environment jsdom */
import { version as hostReactVersion } from 'react';
import type { RemoteManifest } from '../remote-manifest';
import { checkRemoteManifest } from './remote-compatibility';
import { RemoteUnavailableError } from './remote-unavailable';

function manifest(reactVersion: string, buildVersion = '1.2.3'): RemoteManifest {
  return { metaData: { buildInfo: { buildVersion } }, shared: [{ name: 'react', version: reactVersion }] };
}

describe('remote compatibility check', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    jest.restoreAllMocks();
  });

  it('lets a remote built against the same React major through and records its build', () => {
    expect(() => checkRemoteManifest('marketing', manifest(hostReactVersion, 'drill-7'))).not.toThrow();
    expect(document.head.querySelector('meta[name="agentdock-remote:marketing"]')?.getAttribute('content')).toBe('drill-7');
    checkRemoteManifest('marketing', manifest(hostReactVersion, 'drill-8'));
    expect(document.head.querySelectorAll('meta[name="agentdock-remote:marketing"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="agentdock-remote:marketing"]')?.getAttribute('content')).toBe('drill-8');
  });

  it('refuses a remote built against another React major, saying so on the console', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => checkRemoteManifest('marketing', manifest('17.0.2'))).toThrow(RemoteUnavailableError);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('The "marketing" micro-frontend was built against react 17.0.2'));
    expect(document.head.querySelector('meta[name="agentdock-remote:marketing"]')).toBeNull();
  });
});

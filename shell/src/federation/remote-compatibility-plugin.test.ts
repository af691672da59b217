/** @jest-environment jsdom */
import { version as hostReactVersion } from 'react';
import { remoteCompatibilityPlugin } from './remote-compatibility-plugin';
import { RemoteUnavailableError } from './remote-unavailable';

type SnapshotArgs = Parameters<NonNullable<ReturnType<typeof remoteCompatibilityPlugin>['loadRemoteSnapshot']>>[0];

function snapshotArgs(reactVersion: string, buildVersion = '1.2.3'): SnapshotArgs {
  return {
    moduleInfo: { name: 'agentdock_marketing', entry: 'http://localhost/mf-manifest.json' },
    manifestJson: { metaData: { buildInfo: { buildVersion } }, shared: [{ name: 'react', version: reactVersion }] },
    from: 'manifest',
  } as unknown as SnapshotArgs;
}

describe('remote compatibility plugin', () => {
  const plugin = remoteCompatibilityPlugin();
  afterEach(() => {
    document.head.innerHTML = '';
    jest.restoreAllMocks();
  });

  it('lets a remote built against the same React major through and records its build', async () => {
    const args = snapshotArgs(hostReactVersion, 'drill-7');
    await expect(plugin.loadRemoteSnapshot!(args)).resolves.toBe(args);
    expect(document.head.querySelector('meta[name="agentdock-remote:marketing"]')?.getAttribute('content')).toBe('drill-7');
    await plugin.loadRemoteSnapshot!(snapshotArgs(hostReactVersion, 'drill-8'));
    expect(document.head.querySelectorAll('meta[name="agentdock-remote:marketing"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="agentdock-remote:marketing"]')?.getAttribute('content')).toBe('drill-8');
  });

  it('refuses a remote built against another React major, saying so on the console', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(plugin.loadRemoteSnapshot!(snapshotArgs('17.0.2'))).rejects.toBeInstanceOf(RemoteUnavailableError);
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('The "marketing" micro-frontend was built against react 17.0.2'));
    expect(document.head.querySelector('meta[name="agentdock-remote:marketing"]')).toBeNull();
  });
});

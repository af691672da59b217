import { manifestEntryUrl } from '../remote-manifest';
import { serverManifestUrl } from './remote-modules';

describe('server build locations', () => {
  it('finds the server manifest beside the browser manifest', () => {
    expect(serverManifestUrl('http://127.0.0.1:3201/mf-manifest.json')).toBe('http://127.0.0.1:3201/server/mf-manifest.json');
    expect(serverManifestUrl('https://cdn.example/marketing/v7/mf-manifest.json')).toBe('https://cdn.example/marketing/v7/server/mf-manifest.json');
  });

  it('finds the container the server manifest names, relative to it', () => {
    const manifest = 'https://cdn.example/marketing/server/mf-manifest.json';
    expect(manifestEntryUrl(manifest, { metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } })).toBe('https://cdn.example/marketing/server/remoteEntry.js');
    expect(manifestEntryUrl(manifest, { metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'entry' } } })).toBe('https://cdn.example/marketing/server/entry/remoteEntry.js');
    expect(() => manifestEntryUrl(manifest, {})).toThrow(/names no remoteEntry/);
  });
});

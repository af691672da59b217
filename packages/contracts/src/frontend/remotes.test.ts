import { isManifestUrl, parseRuntimeConfig, REMOTE_NAMES } from './remotes';
import { manifestUrl, runtimeConfig } from './runtime-config';

// The shell checks /runtime-config.json without zod; the gateway validates the same settings with
// the zod schema. Whatever the shell accepts, the schema accepts unchanged.
const CASES = [
  'https://cdn.example.com/marketing/mf-manifest.json',
  'http://127.0.0.1:3101/mf-manifest.json',
  'HTTPS://CDN.EXAMPLE.COM/mf-manifest.json',
  '/remotes/chat/mf-manifest.json',
  '/',
  '//evil.example/mf-manifest.json',
  'ftp://cdn.example.com/mf-manifest.json',
  'javascript:alert(1)',
  'http:example.com',
  'https:/path',
  'http://',
  'remotes/chat/mf-manifest.json',
  '',
  ' https://cdn.example.com/mf-manifest.json',
  'https://cdn.example.com/mf-\nmanifest.json',
  '/a b.json',
];

describe("the shell's zod-free check of /runtime-config.json", () => {
  it.each(CASES)('never accepts what the gateway schema refuses, nor changes it: %j', (url) => {
    const schema = manifestUrl.safeParse(url);
    if (isManifestUrl(url)) expect(schema).toEqual({ success: true, data: url });
    // The usual forms are accepted by both.
    if (schema.success && url.trim() === url && !/\s/.test(url)) expect(isManifestUrl(url)).toBe(true);
  });

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 3, {}, ['/a.json']]) expect(isManifestUrl(value)).toBe(false);
  });

  it('reads a configuration with every remote, as the schema does', () => {
    const remotes = { marketing: '/m.json', account: 'https://a.example/mf-manifest.json', chat: '/c.json', admin: '/d.json' };
    expect(parseRuntimeConfig({ remotes, extra: 1 })).toEqual({ ok: true, config: { remotes } });
    expect(runtimeConfig.parse({ remotes })).toEqual({ remotes });
    expect(REMOTE_NAMES).toEqual(Object.keys(runtimeConfig.shape.remotes.shape));
  });

  it.each([
    ['no remotes at all', {}, 'remotes: expected an object'],
    ['not an object', 'nope', 'remotes: expected an object'],
    ['a missing remote', { remotes: { marketing: '/m.json', account: '/a.json', chat: '/c.json' } }, 'remotes.admin: expected an http(s) URL or a path starting with /'],
    [
      'a script URL',
      { remotes: { marketing: 'javascript:alert(1)', account: '/a.json', chat: '/c.json', admin: '/d.json' } },
      'remotes.marketing: expected an http(s) URL or a path starting with /',
    ],
  ])('refuses %s, saying what is wrong', (_case, body, error) => {
    expect(parseRuntimeConfig(body)).toEqual({ ok: false, error });
    expect(runtimeConfig.safeParse(body).success).toBe(false);
  });
});

import { manifestUrl, REMOTE_NAMES, runtimeConfig } from './runtime-config';

describe('where the shell finds the micro-frontends', () => {
  it.each(['https://cdn.example.com/marketing/mf-manifest.json', 'http://127.0.0.1:3101/mf-manifest.json', '/remotes/chat/mf-manifest.json'])('accepts %s', (url) => {
    expect(manifestUrl.safeParse(url).success).toBe(true);
  });

  it.each([
    ['a protocol-relative URL', '//evil.example/mf-manifest.json'],
    ['another protocol', 'ftp://cdn.example.com/mf-manifest.json'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'remotes/chat/mf-manifest.json'],
  ])('refuses %s, saying what it expects', (_case, url) => {
    expect(manifestUrl.safeParse(url).error?.issues[0]?.message).toBe('expected an http(s) URL or a path starting with /');
  });

  it('needs a manifest for each of the four remotes', () => {
    const remotes = { marketing: '/m.json', account: '/a.json', chat: '/c.json', admin: '/d.json' };
    expect(runtimeConfig.parse({ remotes })).toEqual({ remotes });
    expect(runtimeConfig.safeParse({ remotes: { ...remotes, admin: undefined } }).success).toBe(false);
    expect(REMOTE_NAMES).toEqual(['marketing', 'account', 'chat', 'admin']);
  });
});

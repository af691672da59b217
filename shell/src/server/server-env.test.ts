import { loadShellServerEnv } from './server-env';

describe('the shell server settings', () => {
  it('runs on port 3200 of every interface, from the built shell, without server rendering by default', () => {
    const env = loadShellServerEnv({});
    expect(env).toMatchObject({ PORT: 3200, HOST: '0.0.0.0', SSR_CACHE_TTL_MS: 30_000, SSR_RENDER_TIMEOUT_MS: 3_000 });
    expect(env.SHELL_DIST).toMatch(/shell[/\\]dist$/);
    expect(env.API_URL).toBeUndefined();
  });

  it('reads numbers and URLs from their text', () => {
    const env = loadShellServerEnv({ PORT: '8080', API_URL: 'http://gateway:3000', REMOTE_MARKETING_URL: 'https://cdn.example/marketing/mf-manifest.json', SSR_CACHE_TTL_MS: '0' });
    expect(env).toMatchObject({ PORT: 8080, API_URL: 'http://gateway:3000', REMOTE_MARKETING_URL: 'https://cdn.example/marketing/mf-manifest.json', SSR_CACHE_TTL_MS: 0 });
  });

  it('names every wrong setting in one error', () => {
    const load = () => loadShellServerEnv({ PORT: '70000', API_URL: 'ftp://gateway', SSR_CACHE_TTL_MS: '120000' });
    expect(load).toThrow('Invalid configuration for the shell server:');
    expect(load).toThrow('- API_URL: expected an http(s) URL');
    expect(load).toThrow(/- PORT: .+/);
    // An edit must show within a minute, so the render cache may not keep pages longer.
    expect(load).toThrow(/- SSR_CACHE_TTL_MS: .+/);
  });
});

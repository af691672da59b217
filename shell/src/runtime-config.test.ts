import { runtimeConfig } from '@agentdock/contracts/runtime-config';
import { fetchRuntimeConfig } from './runtime-config';

const remotes = {
  marketing: 'http://localhost:3201/mf-manifest.json',
  account: 'http://localhost:3202/mf-manifest.json',
  chat: 'https://cdn.example.com/chat/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
};

const respond = (status: number, body: unknown) => jest.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('runtime config', () => {
  it('accepts absolute http(s) URLs and same-origin paths', async () => {
    await expect(fetchRuntimeConfig(respond(200, { remotes }))).resolves.toEqual({ remotes });
  });

  it.each([
    ['a missing remote', { remotes: { ...remotes, admin: undefined } }],
    ['a script URL', { remotes: { ...remotes, chat: 'javascript:alert(1)' } }],
    ['a protocol-relative URL', { remotes: { ...remotes, chat: '//evil.example/mf-manifest.json' } }],
    ['no remotes at all', {}],
  ])('rejects %s', async (_case, body) => {
    expect(runtimeConfig.safeParse(body).success).toBe(false);
    await expect(fetchRuntimeConfig(respond(200, body))).rejects.toThrow(/Invalid \/runtime-config.json/);
  });

  it('reports a failed request', async () => {
    await expect(fetchRuntimeConfig(respond(503, {}))).rejects.toThrow('GET /runtime-config.json answered 503');
  });
});

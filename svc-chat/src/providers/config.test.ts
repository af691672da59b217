import { loadConfig } from '@agentdock/service-kit';
import { chatProviderEnv, createProvider, standaloneChatEnv } from './config';

describe('chat provider configuration', () => {
  it('answers with the demo provider at DEMO_AGENT_PROVIDER_URL', async () => {
    const handle = await createProvider(chatProviderEnv.parse({ DEMO_AGENT_PROVIDER_URL: 'http://127.0.0.1:9/v1' }));
    expect(handle.provider).toMatchObject({ name: 'Demo provider (built in)', demo: true });
    await handle.close();
  });

  // svc-chat carries no demo code: whoever runs it alone must point it at a demo provider.
  it('refuses the demo provider without its URL, naming the variable', async () => {
    await expect(createProvider(chatProviderEnv.parse({}))).rejects.toThrow(/DEMO_AGENT_PROVIDER_URL/);
    expect(() => loadConfig(standaloneChatEnv, {}, 'svc-chat')).toThrow(/svc-chat[\s\S]*DEMO_AGENT_PROVIDER_URL/);
    expect(loadConfig(standaloneChatEnv, { CHAT_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x' }, 'svc-chat').CHAT_PROVIDER).toBe('openai');
  });
});

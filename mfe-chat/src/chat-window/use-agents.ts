import type { ChatAgent } from '@agentdock/contracts';
import { useEffect, useState } from 'react';
import type { ChatApi } from '../chat-api';

/** The agents the user's tier may chat with (`null` until they arrive) and the provider that answers. */
export function useAgents(api: ChatApi) {
  const [agents, setAgents] = useState<ChatAgent[] | null>(null);
  const [provider, setProvider] = useState<{ name: string; demo: boolean } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .getAgents(controller.signal)
      .then((answer) => {
        setAgents(answer.agents);
        setProvider(answer.provider);
      })
      .catch(() => setAgents([]));
    return () => controller.abort();
  }, [api]);

  return { agents, provider };
}

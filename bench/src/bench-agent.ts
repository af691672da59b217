import type { AdminAgent } from '@agentdock/contracts';

/** The one free agent the chat benches talk to, as catalog's agent event carries it. */
export function benchAgent(id: string, now = new Date().toISOString()): AdminAgent {
  return {
    id,
    key: 'meeting-prep',
    name: 'Meeting Prep',
    description: 'Prepares meetings.',
    features: [],
    useCase: '',
    tier: 'free',
    isActive: true,
    providerAgentId: null,
    createdAt: now,
    updatedAt: now,
  };
}

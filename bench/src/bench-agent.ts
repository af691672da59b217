import type { AdminAgent } from '@agentdock/contracts';
import { adminAgentFixture } from '@agentdock/contracts/testing';

/** The one free agent the chat benches talk to, as catalog's agent event carries it. */
export function benchAgent(id: string, now = new Date().toISOString()): AdminAgent {
  return adminAgentFixture({ id, key: 'meeting-prep', description: 'Prepares meetings.', createdAt: now, updatedAt: now });
}

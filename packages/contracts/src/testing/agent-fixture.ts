import type { AdminAgent } from '../catalog/agent';

/**
 * A free agent as svc-catalog's agent event carries it, for tests (and benches) that publish one to
 * a service: each caller gives the id and key it needs unique, and the times of its run.
 */
export function adminAgentFixture(overrides: Partial<AdminAgent> & Pick<AdminAgent, 'id' | 'key'>): AdminAgent {
  const now = new Date().toISOString();
  return {
    name: 'Meeting Prep',
    description: 'Prepares you for meetings.',
    features: [],
    useCase: '',
    tier: 'free',
    isActive: true,
    providerAgentId: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

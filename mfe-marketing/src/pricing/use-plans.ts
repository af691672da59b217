import type { Plan } from '@agentdock/contracts';
import { marketingApi } from '../api/marketing-api';
import { useResource, type Resource } from '../shared/use-resource';

export type PlansState = Resource<Plan[]>;

/** The live plan catalog, with a retry for the error state. */
export function usePlans(): [PlansState, () => void] {
  return useResource('plans', (signal) => marketingApi.getPlans({ signal }));
}

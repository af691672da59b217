import type { Plan } from '@agentdock/contracts';
import { loadMarketingApi } from '../api/load-marketing-api';
import { useResource, type Resource } from '../shared/use-resource';
import { RESOURCE_KEYS } from '../ssr/resource-keys';

export type PlansState = Resource<Plan[]>;

/** The live plan catalog, with a retry for the error state. */
export function usePlans(): [PlansState, () => void] {
  return useResource(RESOURCE_KEYS.plans, (signal) => loadMarketingApi().then((api) => api.getPlans({ signal })));
}

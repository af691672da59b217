import { createApiClient } from '@agentdock/api-client';

/** The gateway is the page's own origin. */
export const marketingApi = createApiClient();

import { ADMIN_STATS_ENDPOINTS, CATALOG_ADMIN_ENDPOINTS, CATALOG_BASE, CATALOG_ENDPOINTS } from '@agentdock/contracts';
import { type AccessTable, endpointAccessRows, kitAccessRows } from '@agentdock/service-kit/testing';

// Who may call what, keyed by the contracts' endpoint tables. A route mounted without a row here,
// or an endpoint of the contracts that is not mounted where it says, fails the test.
export const CATALOG_ACCESS: AccessTable = {
  ...kitAccessRows(CATALOG_BASE),
  ...endpointAccessRows(CATALOG_ENDPOINTS, {
    plans: 'public',
    plan: 'public',
    agents: 'public',
    availableAgents: 'user',
    content: 'public',
    courses: 'public',
    course: 'public',
    community: 'public',
    enrolment: 'user',
    discussion: 'user',
    postComment: 'user',
  }),
  ...endpointAccessRows({ stats: ADMIN_STATS_ENDPOINTS.catalog }, { stats: 'admin' }),
  ...endpointAccessRows(CATALOG_ADMIN_ENDPOINTS, {
    plans: 'admin',
    createPlan: 'admin',
    updatePlan: 'admin',
    deletePlan: 'admin',
    agents: 'admin',
    createAgent: 'admin',
    updateAgent: 'admin',
    deleteAgent: 'admin',
    content: 'admin',
    createContent: 'admin',
    updateContent: 'admin',
    deleteContent: 'admin',
    enrolments: 'admin',
    grantEnrolment: 'admin',
    revokeEnrolment: 'admin',
  }),
};

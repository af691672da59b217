import { BILLING_ENDPOINTS, BILLING_WEBHOOK_ENDPOINT } from '../billing/endpoints';
import { CATALOG_ADMIN_ENDPOINTS, CATALOG_ENDPOINTS } from '../catalog/endpoints';
import { CHAT_ADMIN_ENDPOINTS, CHAT_ENDPOINTS } from '../chat/endpoints';
import { CHAT_STATEMENT_ENDPOINTS } from '../chat/statement';
import { IDENTITY_ADMIN_ENDPOINTS, IDENTITY_ENDPOINTS, IDENTITY_JWKS_ENDPOINT } from '../identity/endpoints';
import { IDENTITY_MAILBOX_ENDPOINTS } from '../identity/mailbox';
import { BILLING_BASE, CATALOG_BASE, CHAT_BASE, IDENTITY_BASE } from './bases';
import { endpointKey, type HttpMethod } from './endpoint';

interface AnyEndpoint {
  method: HttpMethod;
  base: string;
  route: string;
  request: unknown;
}
type Table = Record<string, AnyEndpoint>;

/** Every endpoint of each service, from all of its tables. */
const SERVICES: Array<[string, string, Table[]]> = [
  ['svc-identity', IDENTITY_BASE, [IDENTITY_ENDPOINTS, IDENTITY_ADMIN_ENDPOINTS, IDENTITY_MAILBOX_ENDPOINTS, { jwks: IDENTITY_JWKS_ENDPOINT }]],
  ['svc-catalog', CATALOG_BASE, [CATALOG_ENDPOINTS, CATALOG_ADMIN_ENDPOINTS]],
  ['svc-billing', BILLING_BASE, [BILLING_ENDPOINTS, { stripeWebhook: BILLING_WEBHOOK_ENDPOINT }]],
  ['svc-chat', CHAT_BASE, [CHAT_ENDPOINTS, CHAT_ADMIN_ENDPOINTS, CHAT_STATEMENT_ENDPOINTS]],
];

const endpointsOf = (tables: Table[]) => tables.flatMap((table) => Object.values(table));

describe.each(SERVICES)('the endpoint tables of %s', (_service, base, tables) => {
  const endpoints = endpointsOf(tables);

  it('name each method + path once', () => {
    const keys = endpoints.map(endpointKey);
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated).toEqual([]);
    expect(keys.length).toBeGreaterThan(0);
  });

  it('live under the prefix the gateway routes to the service', () => {
    const outside = endpoints.filter((endpoint) => !endpoint.base.startsWith(base) || !endpoint.route.startsWith('/')).map(endpointKey);
    expect(outside).toEqual([]);
  });

  it('send a body only with the methods that carry one', () => {
    const bodyOnRead = endpoints.filter((endpoint) => endpoint.request !== undefined && (endpoint.method === 'GET' || endpoint.method === 'DELETE')).map(endpointKey);
    expect(bodyOnRead).toEqual([]);
  });
});

it('no two services claim the same path', () => {
  const keys = SERVICES.flatMap(([, , tables]) => endpointsOf(tables).map(endpointKey));
  expect(new Set(keys).size).toBe(keys.length);
});

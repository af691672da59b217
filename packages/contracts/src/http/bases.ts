/**
 * Where the gateway routes each service's API. The services mount their routers here and the
 * endpoint tables of the contracts build their URLs from it, so a prefix is written once.
 */
export const IDENTITY_BASE = '/api/identity';
export const CATALOG_BASE = '/api/catalog';
export const BILLING_BASE = '/api/billing';
export const CHAT_BASE = '/api/chat';

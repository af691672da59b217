export * from './http/error';
export * from './http/health';
export * from './auth/claims';
export * from './catalog/tier';
export * from './catalog/plan';
export * from './events/envelope';
export * from './events/catalog';

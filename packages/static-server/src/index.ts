export { createStaticServer, type StaticServerOptions } from './server';
export { cacheControlFor } from './cache-policy';

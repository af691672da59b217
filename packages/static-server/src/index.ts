export { createStaticServer, type StaticServerOptions } from './server';

const { createFrontendConfig } = require('@agentdock/webpack-config');
const { createServerConfig } = require('@agentdock/webpack-config/server');

const app = { dir: __dirname, name: 'account', exposes: { './pages': './src/pages.ts' } };

// The browser build, and the node build the shell's server renderer loads (dist/server).
module.exports = [createFrontendConfig(app), createServerConfig({ ...app, exposes: { './server': './src/server.ts' } })];

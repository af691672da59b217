const { createFrontendConfig } = require('@agentdock/webpack-config');

module.exports = createFrontendConfig({ dir: __dirname, name: 'chat', exposes: { './pages': './src/pages.ts' } });

const { createFrontendConfig } = require('@agentdock/webpack-config');

module.exports = createFrontendConfig({ dir: __dirname, name: 'admin', exposes: { './pages': './src/pages.ts' } });

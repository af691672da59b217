const { createFrontendConfig } = require('@agentdock/webpack-config');

module.exports = createFrontendConfig({ dir: __dirname, name: 'account', exposes: { './pages': './src/pages.ts' } });

const { createFrontendConfig } = require('@agentdock/webpack-config');

module.exports = createFrontendConfig({ dir: __dirname, name: 'marketing', exposes: { './pages': './src/pages.ts' } });

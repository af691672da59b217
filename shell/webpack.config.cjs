const { createFrontendConfig } = require('@agentdock/webpack-config');

module.exports = createFrontendConfig({ dir: __dirname, name: 'shell', title: 'Agentdock' });

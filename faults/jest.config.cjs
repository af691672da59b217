// The fault suite (npm run test:faults): real nats-server and PostgreSQL processes of its own,
// stopped and killed on purpose. Kept out of the main jest run, which must never kill anything.
const root = require('../jest.config.cjs');

module.exports = { ...root, rootDir: '..', testMatch: ['<rootDir>/faults/**/*.fault.test.ts'], setupFiles: ['<rootDir>/jest.setup.cjs'], maxWorkers: 1, testTimeout: 120000 };

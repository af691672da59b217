// The fault suite (npm run test:faults): real nats-server and PostgreSQL processes of its own,
// stopped and killed on purpose. Kept out of the main jest run, which must never kill anything.
const root = require('../jest.config.cjs');

// forceExit: a killed PostgreSQL or NATS can leave a client socket of the faulted library half
// closed after every test has passed and cleaned up; a CI run must not wait on it forever.
module.exports = {
  ...root,
  rootDir: '..',
  testMatch: ['<rootDir>/faults/**/*.fault.test.ts'],
  setupFiles: ['<rootDir>/jest.setup.cjs'],
  maxWorkers: 1,
  testTimeout: 120000,
  forceExit: true,
};

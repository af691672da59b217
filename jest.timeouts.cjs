// API and integration folders (each service's test/) boot a service over real HTTP and its
// database, and their suites (fuzz, access matrix, concurrency) send hundreds of requests: on a
// loaded 2-core machine they legitimately take minutes, where a unit test taking a minute is a bug.
const testPath = expect.getState().testPath ?? '';
if (/[\\/]test[\\/]/.test(testPath)) jest.setTimeout(180_000);

// Component tests wait for what a render shows (findBy…, waitFor). Testing Library gives up after
// one second by default, which a busy CI machine can spend before React commits a state update.
if (typeof document !== 'undefined') require('@testing-library/dom').configure({ asyncUtilTimeout: 5_000 });

import { ConfigError } from '@agentdock/service-kit';
import { runStandalone } from '@agentdock/service-data';
import { type BillingOptions, createBillingService, loadBillingOptions } from './index';

// Read here, not at import: the launcher imports the service and passes its own local keys.
let options: BillingOptions;
try {
  options = loadBillingOptions(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
await runStandalone(createBillingService(options));

import { runStandalone } from '@agentdock/service-data';
import { billingService } from './index';

await runStandalone(billingService);

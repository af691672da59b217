import { runStandalone } from '@agentdock/service-kit';
import { billingService } from './index';

await runStandalone(billingService);

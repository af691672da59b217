import { runStandalone } from '@agentdock/service-kit';
import { identityService } from './index';

await runStandalone(identityService);

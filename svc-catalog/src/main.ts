import { runStandalone } from '@agentdock/service-kit';
import { catalogService } from './index';

await runStandalone(catalogService);

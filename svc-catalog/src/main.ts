import { runStandalone } from '@agentdock/service-data';
import { catalogService } from './index';

await runStandalone(catalogService);

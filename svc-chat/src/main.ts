import { runStandalone } from '@agentdock/service-data';
import { chatService } from './index';

await runStandalone(chatService);

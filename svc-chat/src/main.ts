import { runStandalone } from '@agentdock/service-kit';
import { chatService } from './index';

await runStandalone(chatService);

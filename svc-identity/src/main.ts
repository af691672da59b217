import { loadConfigOrExit } from '@agentdock/service-kit';
import { runStandalone } from '@agentdock/service-data';
import { identityEnvSchema } from './config';
import { createIdentityService } from './index';

await runStandalone(createIdentityService(loadConfigOrExit(identityEnvSchema, process.env, 'svc-identity')));

import { loadConfigOrExit, runStandalone } from '@agentdock/service-kit';
import { identityEnvSchema } from './config';
import { createIdentityService } from './index';

await runStandalone(createIdentityService(loadConfigOrExit(identityEnvSchema, process.env, 'svc-identity')));

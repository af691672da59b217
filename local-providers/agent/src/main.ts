import { startDemoProvider } from './index';

// Run alone: AGENT_PROVIDER_PORT=3106 npx tsx local-providers/agent/src/main.ts
const port = Number(process.env.AGENT_PROVIDER_PORT ?? 3106);
const provider = await startDemoProvider({ port, host: process.env.HOST ?? '127.0.0.1' });
console.log(`demo agent provider listening at ${provider.url}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

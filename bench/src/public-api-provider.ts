// `tsx bench/src/public-api-provider.ts`: the demo agent provider with no pause between streamed
// tokens, in a process of its own, for the public API figures of `npm run bench`. Prints one JSON
// line (`{ url }`, its OpenAI-compatible base URL) once it serves, then serves until stopped.
import { startDemoProvider } from '@agentdock/local-agent-provider';

const provider = await startDemoProvider({ host: '127.0.0.1', tokenDelayMs: 0 });
console.log(JSON.stringify({ url: provider.url }));
process.once('SIGTERM', () => void provider.close().then(() => process.exit(0)));

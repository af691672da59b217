// Entry point of the compiled server (production images run `node dist/main.js <dir> …`);
// bin/agentdock-static.mjs runs the same CLI from the TypeScript sources in development.
import { main } from './cli';

main();

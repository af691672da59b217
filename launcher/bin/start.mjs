#!/usr/bin/env node
// `npm start`: run the TypeScript launcher through tsx's loader (no compile step for services).
import { register } from 'tsx/esm/api';

// React's server renderer and express pick their production code (React's development build costs
// several times the CPU per render) from NODE_ENV as they load, so it is set before anything is
// imported: the embedded default is how the product is run, not a development server. The
// environment as the user gave it still decides what depends on their choice (svc-identity's
// local mailbox is refused only when the user declares NODE_ENV=production).
const userEnv = { ...process.env };
process.env.NODE_ENV ??= 'production';

register();
const { launch } = await import('../src/start.ts');
launch(userEnv);

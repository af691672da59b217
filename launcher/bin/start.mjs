#!/usr/bin/env node
// `npm start`: run the TypeScript launcher through tsx's loader (no compile step for services).
import { register } from 'tsx/esm/api';

register();
await import('../src/start.ts');

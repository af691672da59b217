#!/usr/bin/env node
// The shell's server on its own: TypeScript (and the page components it renders) through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/server/main.ts');

#!/usr/bin/env node
// The package is TypeScript source without a build step; tsx loads it.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../src/cli.ts', import.meta.url);
main();

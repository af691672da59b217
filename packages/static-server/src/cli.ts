import path from 'node:path';
import { parseArgs } from 'node:util';
import { createStaticServer } from './server';

const USAGE = 'Usage: agentdock-static <dir> [--port N] [--spa] [--cors]';
const DEFAULT_PORT = 3200;

export interface CliOptions {
  root: string;
  port: number;
  spaFallback: boolean;
  cors: boolean;
}

/** --port wins over PORT, which wins over the default. */
export function parseCli(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { port: { type: 'string' }, spa: { type: 'boolean', default: false }, cors: { type: 'boolean', default: false } },
  });
  const [dir] = positionals;
  if (!dir || positionals.length > 1) throw new Error(USAGE);
  const rawPort = values.port ?? env.PORT ?? String(DEFAULT_PORT);
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port "${rawPort}". ${USAGE}`);
  return { root: path.resolve(dir), port, spaFallback: values.spa, cors: values.cors };
}

export function main(argv: string[] = process.argv.slice(2), env: NodeJS.ProcessEnv = process.env) {
  let options: CliOptions;
  try {
    options = parseCli(argv, env);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  const server = createStaticServer(options).listen(options.port, () => {
    console.log(`Serving ${options.root} on http://localhost:${options.port}`);
  });
  server.on('error', (error) => {
    console.error(`Cannot serve on port ${options.port}: ${error.message}`);
    process.exitCode = 1;
  });
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

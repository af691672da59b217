import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@agentdock/service-kit/testing';

// The standalone shell server (its container's command) as a process: settings from the
// environment, the built files, the single-page fallback, and a clean stop.
const BIN = join(__dirname, '..', '..', 'bin', 'shell-server.mjs');
const INDEX_HTML = '<!doctype html><html><head><title>Agentdock</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>';

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [BIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(started: Started, text: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!started.output().includes(text)) {
    if (Date.now() > deadline || started.child.exitCode !== null) throw new Error(`no "${text}" in the server's output:\n${started.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the standalone shell server', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'shell-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'main.js'), 'console.log("shell");');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('serves the built shell, answers every app route with it, and stops on SIGTERM', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), HOST: '127.0.0.1', SHELL_DIST: dist });
    try {
      await waitForOutput(server, `Shell on http://127.0.0.1:${port}`);
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root"></div>');
      const route = await fetch(`http://127.0.0.1:${port}/dashboard?tab=subscription`);
      expect(route.status).toBe(200);
      expect(await route.text()).toContain('<div id="root"></div>');
      const script = await fetch(`http://127.0.0.1:${port}/main.js`);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      expect(await script.text()).toContain('console.log("shell")');
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);
  });

  it('refuses to start on a wrong setting, saying which one', async () => {
    const server = startServer({ PORT: 'eighty', API_URL: 'ftp://gateway', SHELL_DIST: dist });
    expect(await server.exited).toBe(2);
    expect(server.output()).toContain('Invalid configuration for the shell server:');
    expect(server.output()).toContain('- API_URL: expected an http(s) URL');
    expect(server.output()).toMatch(/- PORT: /);
  });
});

import { lintSnippets, type Snippet } from '@agentdock/lint/testing';

const app = "import express from 'express';\nexport const app = express();\nconst handler: express.RequestHandler = (_req, _res, next) => next();\n";

const refused: Snippet[] = [
  { file: 'gateway/src/replaced-handle.ts', code: `${app}(app as unknown as { handle: unknown }).handle = handler;\n` },
  { file: 'svc-chat/src/replaced-handle.ts', code: `${app}(app as unknown as Record<string, unknown>)['handle'] = handler;\n` },
  { file: 'gateway/src/api-layer.ts', code: `${app}app.use('/api', handler);\n` },
  { file: 'gateway/src/api-route.ts', code: `${app}app.get('/api/catalog/plans', handler);\n` },
  { file: 'gateway/src/public-api-layer.ts', code: `${app}app.use('/v1', handler);\n` },
];

const accepted: Snippet[] = [
  { file: 'gateway/src/front.ts', code: `${app}app.use(handler);\nexport const listener = (req: Parameters<typeof app>[0], res: Parameters<typeof app>[1]) => app(req, res);\n` },
  { file: 'gateway/src/page-layer.ts', code: `${app}app.use(handler);\napp.get('/runtime-config.json', handler);\napp.use('/apis', handler);\n` },
  // A stand-in service in a test mounts its own /api and /v1 routes.
  { file: 'gateway/src/stand-in.test.ts', code: `${app}app.post('/v1/chat/completions', handler);\napp.use('/api', handler);\n` },
];

describe('the lint rules of issue 28 point 1 (no-restricted-syntax in npm run lint)', () => {
  const results = lintSnippets([...refused, ...accepted]);

  it.each(refused.map(({ file, code }) => [file, code.slice(app.length).trim()]))('refuses %s: %s', (file) => {
    expect(results.get(file)).toEqual(['no-restricted-syntax']);
  });

  it.each(accepted.map(({ file, code }) => [file, code.slice(app.length).trim()]))('accepts %s: %s', (file) => {
    expect(results.get(file)).toEqual([]);
  });
});

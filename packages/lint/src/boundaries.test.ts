import { eslintCommand, lintSnippets, type Snippet } from './testing';

const importing = (specifier: string) => `import { thing } from '${specifier}';\nexport const used = thing;\n`;

// Each case is a file at a path that places it in an area, importing one module.
const forbidden: Snippet[] = [
  { file: 'svc-chat/src/a.ts', code: importing('@agentdock/svc-billing') },
  { file: 'svc-chat/src/domain/b.ts', code: importing('../../../svc-identity/src/domain/users') },
  { file: 'svc-catalog/src/c.ts', code: importing('@agentdock/gateway') },
  { file: 'svc-billing/src/d.ts', code: importing('@agentdock/mfe-account/pages') },
  { file: 'svc-identity/src/e.ts', code: importing('@agentdock/launcher') },
  { file: 'svc-billing/test/f.test.ts', code: importing('@agentdock/gateway') },
  { file: 'shell/src/g.tsx', code: importing('@agentdock/svc-identity') },
  { file: 'mfe-chat/src/h.tsx', code: `export const load = () => import('@agentdock/gateway');\n` },
  { file: 'mfe-account/src/i.ts', code: `export type Schema = typeof import('@agentdock/svc-chat/schema');\n` },
  { file: 'mfe-admin/src/j.test.tsx', code: importing('../../svc-catalog/src/domain/plans') },
  { file: 'packages/contracts/src/k.ts', code: importing('@agentdock/svc-chat') },
  { file: 'packages/ui/src/l.tsx', code: `export * from '../../../shell/src/layout';\n` },
  { file: 'packages/service-kit/src/m.ts', code: importing('../../../gateway/src/index') },
  { file: 'packages/session/src/n.ts', code: importing('@agentdock/mfe-marketing') },
  { file: 'packages/static-server/src/o.ts', code: importing('../../../launcher/src/start') },
  { file: 'packages/api-client/src/p.ts', code: importing('@agentdock/launcher') },
  { file: 'svc-chat/src/ab.ts', code: importing('@agentdock/local-agent-provider') },
];

const allowed: Snippet[] = [
  { file: 'svc-chat/src/q.ts', code: importing('@agentdock/contracts') },
  { file: 'svc-chat/src/r.ts', code: importing('../domain/wallet') },
  { file: 'svc-chat/test/s.ts', code: importing('@agentdock/local-agent-provider') },
  // A flow test may start a second service in the same process (svc-billing's plan prices come from a real catalog).
  { file: 'svc-billing/test/t.test.ts', code: importing('@agentdock/svc-catalog') },
  { file: 'mfe-chat/src/u.tsx', code: importing('@agentdock/ui') },
  { file: 'shell/src/v.test.ts', code: importing('../../mfe-account/src/pages') },
  { file: 'packages/ui/src/w.tsx', code: importing('@agentdock/contracts') },
  { file: 'launcher/src/x.ts', code: importing('@agentdock/svc-chat') },
  { file: 'bench/src/z.ts', code: importing('@agentdock/svc-chat/wallet') },
  { file: 'gateway/src/aa.ts', code: importing('@agentdock/service-kit') },
];

describe('import boundaries (agentdock/boundaries in the repository ESLint configuration)', () => {
  const results = lintSnippets([...forbidden, ...allowed]);

  it.each(forbidden.map((snippet) => [snippet.file, snippet.code.split('\n')[0]]))('refuses %s: %s', (file) => {
    expect(results.get(file)).toEqual(['agentdock/boundaries']);
  });

  it.each(allowed.map((snippet) => [snippet.file, snippet.code.split('\n')[0]]))('accepts %s: %s', (file) => {
    expect(results.get(file)).toEqual([]);
  });

  it('makes the eslint command fail on a file that crosses a boundary', () => {
    const run = eslintCommand({ file: 'svc-chat/src/crossing.ts', code: importing('@agentdock/svc-billing') });
    expect(run.stdout).toContain('crosses a boundary: a service never imports another service (svc-billing)');
    expect(run.status).toBe(1);
  });
});

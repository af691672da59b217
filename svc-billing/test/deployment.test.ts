import { readFileSync } from 'node:fs';

// docker-compose.yml is the production shape: a forgotten Stripe variable must stop `up`, never
// fall back to a value anyone can read (a published webhook secret signs forged payments).
const compose = readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8');

/** The block of one service (its indented lines), as written in the file. */
function serviceBlock(name: string): string {
  const start = compose.indexOf(`\n  ${name}:\n`);
  if (start < 0) throw new Error(`no service ${name} in docker-compose.yml`);
  const rest = compose.slice(start + 1);
  const end = rest.slice(1).search(/\n {2}[a-z][\w-]*:\n/);
  return end < 0 ? rest : rest.slice(0, end + 1);
}

describe('docker-compose.yml and the Stripe variables', () => {
  it.each(['svc-billing', 'local-stripe'])('%s requires STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (${VAR:?…}, no default)', (service) => {
    const block = serviceBlock(service);
    expect(block).toMatch(/STRIPE_SECRET_KEY: \$\{STRIPE_SECRET_KEY:\?[^}]+\}/);
    expect(block).toMatch(/STRIPE_WEBHOOK_SECRET: \$\{STRIPE_WEBHOOK_SECRET:\?[^}]+\}/);
  });

  it('runs the local test-mode provider only on purpose (its own profile)', () => {
    // Its own profile (local-providers starts it with the demo agent, as the CI's docker stage does), never by default.
    expect(serviceBlock('local-stripe')).toMatch(/profiles: \[local-stripe(, local-providers)?\]/);
    expect(compose).not.toMatch(/whsec_local/);
  });
});

import { scanText } from './findings';

describe('bundle scan', () => {
  it.each([
    ['a Stripe secret key', 'const k="sk_test_51Habcdefghijkl";'],
    ['a webhook secret', 'x="whsec_0123456789abcdef"'],
    ['a private key', '"-----BEGIN PRIVATE KEY-----\\nMIIE"'],
    ['a server-side env name', 'process.env.STRIPE_SECRET_KEY'],
    ['a build path', '//# sourceURL=/work/main/shell/src/index.tsx'],
    ['a home folder', '"/home/builder/agentdock/mfe-admin/src/App.tsx"'],
  ])('flags %s', (_name, text) => {
    expect(scanText('main.js', text)).toHaveLength(1);
  });

  it('lets ordinary bundle text through', () => {
    expect(scanText('main.js', 'fetch("/api/catalog/plans");const pk="pk_test_abc";a.skip_link="Skip";"/tmp"')).toEqual([]);
  });
});

import { isLoopback, loadLauncherConfig, loadLauncherIdentityOptions } from './config';

describe('launcher start-up configuration', () => {
  it('starts with working defaults when nothing is set', () => {
    const config = loadLauncherConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      IDENTITY_PORT: 3101,
      CATALOG_PORT: 3102,
      BILLING_PORT: 3103,
      CHAT_PORT: 3104,
      STRIPE_LOCAL_PORT: 3105,
      AGENT_PROVIDER_PORT: 3106,
      SHELL_PORT: 3200,
      ADMIN_REQUIRE_MFA: false,
    });
  });

  it('takes ports from the environment', () => {
    expect(loadLauncherConfig({ STRIPE_LOCAL_PORT: '4105', AGENT_PROVIDER_PORT: '4106' })).toMatchObject({ STRIPE_LOCAL_PORT: 4105, AGENT_PROVIDER_PORT: 4106 });
  });

  it.each([
    ['STRIPE_LOCAL_PORT', 'abc'],
    ['AGENT_PROVIDER_PORT', '70000'],
    // The launcher prints the URL to open, so a port the system picks would not do.
    ['PORT', '0'],
  ])('refuses %s=%s and names the variable', (variable, value) => {
    expect(() => loadLauncherConfig({ [variable]: value })).toThrow(new RegExp(`launcher[\\s\\S]*${variable}`));
  });

  it('links to the gateway and serves the local mailbox on a loopback host', () => {
    const config = loadLauncherConfig({ PORT: '4000', PUBLIC_HOST: 'agentdock.test' });
    const options = loadLauncherIdentityOptions(config, {});
    expect(options.publicUrl).toBe('http://agentdock.test:4000');
    expect(options.mailboxEnabled).toBe(true);
  });

  it('keeps the mailbox off when other machines can reach the server, and refuses to turn it on there', () => {
    const config = loadLauncherConfig({ HOST: '0.0.0.0' });
    expect(loadLauncherIdentityOptions(config, {}).mailboxEnabled).toBe(false);
    expect(() => loadLauncherIdentityOptions(config, { MAILBOX_ENABLED: 'true' })).toThrow(/MAILBOX_ENABLED[\s\S]*HOST is 0\.0\.0\.0/);
  });

  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['0.0.0.0', false],
    ['192.168.1.10', false],
    ['127.0.0.1.example.com', false],
  ])('counts %s as loopback: %s', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});

import type { RuntimeConfig } from '@agentdock/contracts/runtime-config';
import type { RequestHandler } from 'express';
import type { GatewayConfig } from './config';

/**
 * The shell reads the remotes' manifest URLs at run time, so a remote moves or is redeployed
 * without rebuilding the shell. no-cache: browsers revalidate and pick up changes at once.
 * The URLs were already checked against the contract's rule when the gateway's env was loaded.
 */
export function runtimeConfig(remotes: GatewayConfig['remotes']): RequestHandler {
  const body: RuntimeConfig = { remotes };
  return (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(body);
  };
}

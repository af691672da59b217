import { runtimeConfig as runtimeConfigBody } from '@agentdock/contracts/runtime-config';
import type { RequestHandler } from 'express';
import type { GatewayConfig } from './config';

/**
 * The shell reads the remotes' manifest URLs at run time, so a remote moves or is redeployed
 * without rebuilding the shell. no-cache: browsers revalidate and pick up changes at once.
 */
export function runtimeConfig(remotes: GatewayConfig['remotes']): RequestHandler {
  // Checked once at start against the shell's contract, so a bad URL fails the gateway, not the page.
  const body = runtimeConfigBody.parse({ remotes });
  return (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(body);
  };
}

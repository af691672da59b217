import express from 'express';
import request from 'supertest';
import { closeHttpServer, createLogger, serverUrl, startHttpServer } from '@agentdock/service-kit';
import { createGateway } from './app';
import { loadGatewayConfig } from './config';

// svc-identity's refresh token lives in an httpOnly cookie: the gateway must carry it both ways.
describe('cookies through the gateway', () => {
  it('passes Set-Cookie back to the browser and Cookie on to the identity service, unchanged', async () => {
    const identity = express().post('/api/identity/token/refresh', (req, res) => {
      res.cookie('agentdock_refresh', 'next-token', { httpOnly: true, sameSite: 'strict', path: '/api/identity/token' });
      res.json({ receivedCookie: req.headers.cookie ?? null });
    });
    const server = await startHttpServer(identity, { port: 0, host: '127.0.0.1' });
    try {
      const gateway = createGateway(loadGatewayConfig({ IDENTITY_URL: serverUrl(server) }), createLogger({ service: 'gateway-test', level: 'silent' }));
      const response = await request(gateway)
        .post('/api/identity/token/refresh')
        .set('cookie', 'agentdock_refresh=current-token')
        .set('content-type', 'application/json')
        .send('{}')
        .expect(200);
      expect(response.body).toEqual({ receivedCookie: 'agentdock_refresh=current-token' });
      expect(response.headers['set-cookie']).toEqual(['agentdock_refresh=next-token; Path=/api/identity/token; HttpOnly; SameSite=Strict']);
    } finally {
      await closeHttpServer(server);
    }
  });
});

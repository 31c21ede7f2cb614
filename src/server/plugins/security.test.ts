import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerSecurity } from './security.ts';

describe('the global request limit', () => {
  it('counts pages and API calls but not the built assets a screen loads by the dozen', async () => {
    const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
    const app = Fastify();
    await registerSecurity(app, config);
    app.get('/assets/:file', async () => 'console.log(1)');
    app.get('/api/ping', async () => ({ ok: true }));
    await app.ready();
    // Ten screens of sixty-one chunks each in one minute, from one address.
    for (let index = 0; index < 610; index++) {
      const asset = await app.inject({ method: 'GET', url: `/assets/chunk-${index}.js` });
      expect(asset.statusCode).toBe(200);
    }
    for (let index = 0; index < 600; index++)
      expect((await app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);
    const over = await app.inject({ method: 'GET', url: '/api/ping' });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toMatch(/リクエストが多すぎます/);
    await app.close();
  });
});

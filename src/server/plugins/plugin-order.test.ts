import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authGuardPlugin } from './auth-guard.ts';
import { spaPlugin } from './spa.ts';

describe('root plugins', () => {
  it('refuse to start when a plugin they depend on is not registered yet', async () => {
    const app = Fastify({ logger: false });
    await expect(app.register(authGuardPlugin)).rejects.toThrow(/app-context/);
    await app.close();
  });

  it('register the SPA only after the API routes', async () => {
    const app = Fastify({ logger: false });
    await expect(app.register(spaPlugin, {})).rejects.toThrow(/app-context|api-routes/);
    await app.close();
  });
});

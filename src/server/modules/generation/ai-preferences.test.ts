import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { seedUser } from '../../../../tests/helpers/users.ts';
import { users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/ai/providers', () => {
  it('answers 401 without a user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ai/providers' });
    expect(response.statusCode).toBe(401);
  });

  it("lists the providers with the user's own choice and instructions", async () => {
    const user = await seedUser(t.app);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/ai/providers',
      headers: user.headers,
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ selected: 'auto', customInstructions: '' });
    expect(fresh.json().providers[0]).toMatchObject({ id: 'auto', recommended: true });

    await t.app.db
      .update(users)
      .set({ aiProvider: 'openai', aiCustomInstructions: '敬語で答えてください' })
      .where(eq(users.id, user.id));
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/api/ai/providers',
      headers: user.headers,
    });
    expect(chosen.json()).toMatchObject({
      selected: 'openai',
      customInstructions: '敬語で答えてください',
    });
  });
});

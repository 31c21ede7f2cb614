import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from './support/browser.ts';
import { signInPage, signUpViaApi } from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();

describe('plan cards say what is true', () => {
  it('lists credit packs with every feature open to all, and sends a signed-in user to /generate', async () => {
    const user = await signUpViaApi(baseURL);
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, user.tokens);
    await page.goto('/pricing');
    const cards = page.getByRole('listitem', { name: '無料プラン' });
    await cards.waitFor();
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toMatch(/月5回|近日提供|優先サポート/);
    await page.getByRole('heading', { name: 'すべてのプランで使える機能' }).waitFor();
    expect(text).toContain('複数の回答者（最大5名）');
    expect(text).toContain('FAQ1件あたり¥8');

    await cards.getByRole('button', { name: 'FAQ生成を始める' }).click();
    await page.waitForURL((url) => url.pathname === '/generate');
    await expect(page.getByText('すでに無料プランをご利用中です').count()).resolves.toBe(0);

    await page.goto('/credits');
    await page.locator('[data-plan-id="pro"]').waitFor();
    await expect(page.locator('[data-plan-id="free"]').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

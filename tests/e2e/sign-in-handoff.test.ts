import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { signInPage, signUpViaApi, type SignedUpUser } from './support/session.ts';

const baseURL = inject('baseUrl');
const browser = useBrowser();
let victim: SignedUpUser;
let attacker: SignedUpUser;

beforeAll(async () => {
  [victim, attacker] = await Promise.all([signUpViaApi(baseURL), signUpViaApi(baseURL)]);
});

/**
 * A one-time sign-in code for `user`, bound to `state` (as a sign-in page would make it). The
 * access token is refreshed first: a logout of another session of the user ends older ones.
 */
async function codeFor(user: SignedUpUser, state: string): Promise<string> {
  const refreshed = await fetch(`${baseURL}/api/auth/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: user.tokens.refresh_token }),
  });
  if (refreshed.status !== 200) throw new Error(`refresh failed: ${refreshed.status}`);
  user.tokens = (await refreshed.json()) as SignedUpUser['tokens'];
  const response = await fetch(`${baseURL}/api/auth/sign-in-codes`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${user.tokens.access_token}`,
    },
    body: JSON.stringify({ state }),
  });
  if (response.status !== 201) throw new Error(`code failed: ${response.status}`);
  return ((await response.json()) as { code: string }).code;
}

const signedInAs = async (page: Page) => {
  await page.getByTestId('header-user-name').waitFor();
  return page.getByTestId('header-user-name').textContent();
};

/** What the tab does when it starts a sign-in elsewhere: keep a random state to itself. */
const startSignIn = (page: Page, state: string) =>
  page.evaluate((value) => sessionStorage.setItem('faq-kobo.sign-in-state', value), state);

describe('sign-in hand-off (login CSRF)', () => {
  it("ignores an attacker's tokens or code in a link and keeps the victim's session", async () => {
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, victim.tokens);
    const raw = new URLSearchParams({
      access_token: attacker.tokens.access_token,
      refresh_token: attacker.tokens.refresh_token,
    });
    await page.goto(`/generate?${raw.toString()}`);
    await expect(signedInAs(page)).resolves.toBe(victim.email);
    expect(new URL(page.url()).search).toBe('');

    const attackerState = 'attacker-state-0123456789abcdef';
    const code = await codeFor(attacker, attackerState);
    await page.goto(`/generate?code=${code}&state=${attackerState}`);
    await expect(signedInAs(page)).resolves.toBe(victim.email);
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('leaves a visitor signed out when a link carries raw tokens', async () => {
    const { page, context } = await browser.open({ baseURL });
    const raw = new URLSearchParams({
      access_token: attacker.tokens.access_token,
      refresh_token: attacker.tokens.refresh_token,
    });
    await page.goto(`/?${raw.toString()}`);
    await page.getByRole('link', { name: 'ログイン / 新規登録' }).first().waitFor();
    await expect(page.evaluate(() => localStorage.getItem('faq-kobo.tokens'))).resolves.toBeNull();
    await context.close();
  });

  it('signs in the tab that started the sign-in with its code', async () => {
    const { page, context, problems } = await browser.open({ baseURL });
    await page.goto('/');
    const state = 'this-tab-state-0123456789abcdef';
    await startSignIn(page, state);
    await page.goto(`/generate?code=${await codeFor(victim, state)}&state=${state}`);
    await expect(signedInAs(page)).resolves.toBe(victim.email);
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('asks before another account replaces the session, and keeps it when declined', async () => {
    const { page, context, problems } = await browser.open({ baseURL });
    await signInPage(page, victim.tokens);
    await page.goto('/generate');
    await expect(signedInAs(page)).resolves.toBe(victim.email);

    const declined = 'declined-state-0123456789abcdef';
    await startSignIn(page, declined);
    await page.goto(`/generate?code=${await codeFor(attacker, declined)}&state=${declined}`);
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('別のアカウントに切り替えますか？').waitFor();
    await expect(dialog.textContent()).resolves.toContain(attacker.email);
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(signedInAs(page)).resolves.toBe(victim.email);

    const accepted = 'accepted-state-0123456789abcdef';
    await startSignIn(page, accepted);
    await page.goto(`/generate?code=${await codeFor(attacker, accepted)}&state=${accepted}`);
    await dialog.getByRole('button', { name: '切り替える' }).click();
    await page.waitForFunction(
      (email) => document.querySelector('[data-testid="header-user-name"]')?.textContent === email,
      attacker.email,
    );
    expect(problems).toEqual([]);
    await context.close();
  });
});

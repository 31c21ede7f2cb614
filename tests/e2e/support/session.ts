import type { Page } from 'playwright-core';

export interface SignedUpUser {
  email: string;
  password: string;
  tokens: Record<string, unknown> & { access_token: string; refresh_token: string };
  user: { id: string; email: string; credits: number };
}

let counter = 0;

/** Signs up through the real API (the browser flow has its own test). */
export async function signUpViaApi(
  baseURL: string,
  options: { email?: string; password?: string; displayName?: string; ref?: string } = {},
): Promise<SignedUpUser> {
  const email = options.email ?? `e2e-${Date.now()}-${counter++}@example.jp`;
  const password = options.password ?? 'password123';
  const response = await fetch(`${baseURL}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, displayName: options.displayName, ref: options.ref }),
  });
  if (response.status !== 201)
    throw new Error(`signup failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as SignedUpUser['tokens'] & { user: SignedUpUser['user'] };
  const { user, ...tokens } = body;
  return { email, password, tokens, user };
}

/** Starts the page signed in, exactly as the app stores a session. */
export async function signInPage(page: Page, tokens: SignedUpUser['tokens']): Promise<void> {
  await page.addInitScript((value) => {
    window.localStorage.setItem('faq-kobo.tokens', value);
  }, JSON.stringify(tokens));
}

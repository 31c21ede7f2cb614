import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { Page } from 'playwright-core';

export interface SignedUpUser {
  email: string;
  password: string;
  tokens: Record<string, unknown> & { access_token: string; refresh_token: string };
  user: { id: string; email: string; credits: number };
}

let counter = 0;

/**
 * The administrator session every e2e file reads mail with. A test that changes the admin
 * password ends it; the first file to notice signs in again and leaves the new token in the
 * run's data directory, so later files reuse it instead of signing in once each.
 */
function sharedTokenFile(): string {
  return path.join(inject('dataDir'), 'e2e-admin-token');
}

function currentAdminToken(): string {
  return existsSync(sharedTokenFile())
    ? readFileSync(sharedTokenFile(), 'utf8')
    : inject('adminToken');
}

async function adminSignIn(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  });
  if (!response.ok) throw new Error(`admin login failed: ${response.status}`);
  const token = ((await response.json()) as { token: string }).token;
  writeFileSync(sharedTokenFile(), token);
  return token;
}

/** A valid administrator token for API calls in tests, shared by every file of the run. */
export async function sharedAdminToken(baseURL: string): Promise<string> {
  const token = currentAdminToken();
  const check = await fetch(`${baseURL}/api/admin/emails?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return check.status === 401 ? adminSignIn(baseURL) : token;
}

/**
 * The confirmation link mailed to `email`, read as an operator reads stored mail (without
 * SMTP the outbox keeps it): GET /api/admin/emails and the message itself.
 */
export async function confirmationLinkFor(baseURL: string, email: string): Promise<string> {
  return mailedLinkFor(baseURL, email, 'email_confirmation', '/auth/confirm-email');
}

/** The link to `linkPath` in the newest mail of `kind` to `email`, read from the outbox. */
export async function mailedLinkFor(
  baseURL: string,
  email: string,
  kind: string,
  linkPath: string,
): Promise<string> {
  let headers = { authorization: `Bearer ${currentAdminToken()}` };
  let listed = await fetch(`${baseURL}/api/admin/emails?limit=200`, { headers });
  if (listed.status === 401) {
    // The admin test's logout ended the shared administrator session: sign in again.
    headers = { authorization: `Bearer ${await adminSignIn(baseURL)}` };
    listed = await fetch(`${baseURL}/api/admin/emails?limit=200`, { headers });
  }
  if (!listed.ok) throw new Error(`outbox list failed: ${listed.status} ${await listed.text()}`);
  const list = (await listed.json()) as { emails: { id: string; to: string; kind: string }[] };
  const entry = list.emails.find((mail) => mail.to === email && mail.kind === kind);
  if (!entry) throw new Error(`no ${kind} mail for ${email}`);
  const detail = (await (
    await fetch(`${baseURL}/api/admin/emails/${entry.id}`, { headers })
  ).json()) as { text: string };
  const link = new RegExp(`https?://\\S+${linkPath}\\?token=\\S+`).exec(detail.text)?.[0];
  if (!link) throw new Error(`no ${linkPath} link in the ${kind} mail for ${email}`);
  return link;
}

/** Opens the confirmation link through the API, as the confirmation page does. */
export async function confirmEmailViaApi(baseURL: string, email: string): Promise<void> {
  const token = new URL(await confirmationLinkFor(baseURL, email)).searchParams.get('token');
  const response = await fetch(`${baseURL}/api/auth/confirm-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!response.ok) throw new Error(`confirmation failed: ${response.status}`);
}

/**
 * Signs up through the real API (the browser flow has its own test) and, unless
 * `confirm: false`, confirms the address, so the sign-up credits are there.
 */
export async function signUpViaApi(
  baseURL: string,
  options: {
    email?: string;
    password?: string;
    displayName?: string;
    ref?: string;
    confirm?: boolean;
  } = {},
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
  if (options.confirm === false) return { email, password, tokens, user };
  await confirmEmailViaApi(baseURL, email);
  const me = await fetch(`${baseURL}/api/auth/me`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  return { email, password, tokens, user: (await me.json()) as SignedUpUser['user'] };
}

/** Starts the page signed in, exactly as the app stores a session. */
export async function signInPage(page: Page, tokens: SignedUpUser['tokens']): Promise<void> {
  await page.addInitScript((value) => {
    // Init scripts run in every frame; a sandboxed one (a preview) has no storage to sign in.
    if (window.origin === 'null') return;
    window.localStorage.setItem('faq-kobo.tokens', value);
  }, JSON.stringify(tokens));
}

/** A JSON API call as `user`, for setting up or checking what a test does in the browser. */
export async function callApi(
  baseURL: string,
  user: SignedUpUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${baseURL}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.tokens.access_token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/**
 * The generation record once it reaches `stage` (read through the API every 200 ms, for up to a
 * minute); a failed record throws with its error.
 */
export async function waitForStage<T extends { stage: string; error: string | null }>(
  baseURL: string,
  user: SignedUpUser,
  id: string,
  stage: string,
): Promise<T> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const record = (await (
      await callApi(baseURL, user, 'GET', `/api/generations/${id}`)
    ).json()) as T;
    if (record.stage === stage) return record;
    if (record.stage === 'failed') throw new Error(`generation failed: ${record.error}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`generation ${id} never reached ${stage}`);
}

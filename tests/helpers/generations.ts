import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema.ts';
import type { TestApp } from './test-app.ts';
import type { SeededUser } from './users.ts';

/** Polls the record over HTTP until it reaches one of the stages. */
export async function waitForStage(
  t: TestApp,
  user: SeededUser,
  id: string,
  stages: string[],
  attempts = 300,
) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/generations/${id}`,
      headers: user.headers,
    });
    const body = response.json();
    if (stages.includes(body.stage)) return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`generation ${id} never reached ${stages.join('/')}`);
}

export async function balance(t: TestApp, id: string) {
  const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
  return { credits: row!.credits, reserved: row!.reservedCredits };
}

export const SHOP_TEXT =
  '営業時間は10時から18時です。定休日は日曜日です。駐車場は5台分あります。予約は電話で受け付けます。クレジットカードが使えます。';

/** A draft (questions_ready) made from pasted text. */
export async function createDraft(
  t: TestApp,
  user: SeededUser,
  payload: object = { method: 'url', textInput: SHOP_TEXT, faqCount: 5 },
) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/generations',
    headers: user.headers,
    payload,
  });
  if (created.statusCode !== 202) throw new Error(created.body);
  const ready = await waitForStage(t, user, created.json().id, ['questions_ready', 'failed']);
  if (ready.stage !== 'questions_ready') throw new Error(`draft failed: ${ready.message}`);
  return ready as { id: string; questions: string[]; [key: string]: unknown };
}

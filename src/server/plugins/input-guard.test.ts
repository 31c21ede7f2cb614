import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { seedUser, type SeededUser } from '../../../tests/helpers/users.ts';
import {
  LONE_SURROGATE_MESSAGE,
  NUL_CHARACTER_MESSAGE,
  TOO_DEEP_MESSAGE,
} from '../../shared/safe-input.ts';

let t: TestApp;
let user: SeededUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await seedUser(t.app, { credits: 10 });
});
afterAll(async () => {
  await t.close();
});

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

describe('NUL characters', () => {
  it('are refused in a JSON body with a Japanese 400 before anything is saved', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: user.headers,
      payload: {
        method: 'text',
        textInput: '営業時間は平日9時から18時までです。'.repeat(5),
        customInstructions: 'です・ます調で\u0000',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: NUL_CHARACTER_MESSAGE,
    });
    const list = await t.app.inject({ url: '/api/generations', headers: user.headers });
    expect(list.json().generations).toEqual([]);
  });

  it('are refused in keys, query strings and the profile', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/realtime/faq-kobo/publish',
      headers: user.headers,
      payload: { channel: `user:${user.id}`, event: 'note', payload: { 'a\u0000': 1 } },
    });
    expect(key.statusCode).toBe(400);
    expect(key.json().error.message).toBe(NUL_CHARACTER_MESSAGE);
    const query = await t.app.inject({
      url: `/api/realtime/faq-kobo/messages?channel=user:${user.id}&start=%00`,
      headers: user.headers,
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.message).toBe(NUL_CHARACTER_MESSAGE);
  });
});

describe('lone surrogates (half a character)', () => {
  // Written as JSON text: "\ud800" is valid JSON and parses to half of a character.
  const post = (url: string, json: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: json,
    });

  it('are refused in a JSON body with a Japanese 400 before anything is saved', async () => {
    const text = '営業時間は平日9時から18時までです。'.repeat(5);
    const response = await post(
      '/api/generations',
      `{"method":"url","textInput":"${text}\\ud800","customInstructions":"です・ます調で"}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: LONE_SURROGATE_MESSAGE,
      details: [{ path: 'textInput' }],
    });
    const list = await t.app.inject({ url: '/api/generations', headers: user.headers });
    expect(list.json().generations).toEqual([]);
  });

  it('are refused in keys and values of a realtime payload (they gave 500)', async () => {
    for (const payload of ['{"a":"\\udc00"}', '{"\\ud800":1}']) {
      const response = await post(
        '/api/realtime/faq-kobo/publish',
        `{"channel":"user:${user.id}","event":"note","payload":${payload}}`,
      );
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().error.message).toBe(LONE_SURROGATE_MESSAGE);
    }
    // A whole character written as a pair is of course fine.
    const pair = await post(
      '/api/realtime/faq-kobo/publish',
      `{"channel":"user:${user.id}","event":"note","payload":{"a":"\\ud83d\\ude00"}}`,
    );
    expect(pair.statusCode).toBe(200);
  });
});

describe('cursors', () => {
  const hostile = [
    cursorOf('+275760-09-13T00:00:00.000Z|abc'),
    cursorOf('9999999-01-01T00:00:00.000Z|abc'),
    cursorOf('2026-01-01T00:00:00.000Z|a\u0000b'),
    cursorOf('2026-01-01T00:00:00.000Z|' + 'x'.repeat(150)),
    cursorOf('2026-01-01|abc'),
    cursorOf('0000-01-01T00:00:00.000Z|abc'),
    '%00',
    '!!!!',
  ];

  it.each(['/api/credits', '/api/generations'])('%s answers 400 in Japanese', async (path) => {
    for (const cursor of hostile) {
      const response = await t.app.inject({
        url: `${path}?cursor=${encodeURIComponent(cursor)}`,
        headers: user.headers,
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error.message, cursor).toMatch(/[ぁ-んァ-ン]/);
    }
    const valid = await t.app.inject({
      url: `${path}?cursor=${cursorOf('2026-01-01T00:00:00.000Z|abc')}`,
      headers: user.headers,
    });
    expect(valid.statusCode).toBe(200);
  });
});

describe('nesting', () => {
  // Written as text: building such a value and stringifying it would overflow here first.
  const deep = (depth: number) => '{"next":'.repeat(depth) + '"end"' + '}'.repeat(depth);

  it('a deeply nested realtime publish is refused with 400, a modest one is stored', async () => {
    const publish = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/realtime/faq-kobo/publish',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: `{"channel":"user:${user.id}","event":"note","payload":${payload}}`,
      });
    const refused = await publish(deep(5000));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(TOO_DEEP_MESSAGE);
    const stored = await publish(deep(10));
    expect(stored.statusCode).toBe(200);
  });
});

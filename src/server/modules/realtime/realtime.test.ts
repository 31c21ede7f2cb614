import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import {
  startServerProcess,
  type ServerProcess,
} from '../../../../tests/helpers/server-process.ts';
import { createTestDatabase } from '../../../../tests/helpers/test-database.ts';
import { seedUser, type SeededUser } from '../../../../tests/helpers/users.ts';
import {
  REALTIME_BAD_FRAME,
  REALTIME_MAX_SOCKETS_PER_USER,
  REALTIME_TOO_MANY_SOCKETS,
  type ServerFrame,
} from '../../../shared/realtime.ts';
import { faqGenerations } from '../../db/schema.ts';
import { grantCredits } from '../credits/ledger.ts';
import {
  LONE_SURROGATE_MESSAGE,
  NUL_CHARACTER_MESSAGE,
  TOO_DEEP_MESSAGE,
} from '../../../shared/safe-input.ts';
import { signupViaApi } from '../../../../tests/helpers/accounts.ts';

let t: TestApp;
let base: string;
let alice: SeededUser;
let bob: SeededUser;

beforeAll(async () => {
  // A short beat, so the test of a socket closed by a password change waits a moment only.
  t = await createTestApp({ REALTIME_HEARTBEAT_MS: '300' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  alice = await seedUser(t.app);
  bob = await seedUser(t.app);
});
afterAll(async () => {
  await t.close();
});

/** A socket that records every frame and can wait for one matching a predicate. */
async function connect(host: string, token: string | null, project = 'faq-kobo') {
  const url = `ws://${host}/api/realtime/${project}${token ? `?access_token=${token}` : ''}`;
  const socket = new WebSocket(url);
  const frames: ServerFrame[] = [];
  const waiters: { match: (frame: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] =
    [];
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    frames.push(frame);
    for (const waiter of [...waiters])
      if (waiter.match(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve) => {
    socket.once('open', () => resolve());
    socket.once('close', () => resolve());
  });
  let counter = 0;
  const next = (match: (frame: ServerFrame) => boolean, timeoutMs = 10_000) =>
    new Promise<ServerFrame>((resolve, reject) => {
      const found = frames.find(match);
      if (found) return resolve(found);
      const timer = setTimeout(
        () => reject(new Error(`timed out waiting for a frame; got ${JSON.stringify(frames)}`)),
        timeoutMs,
      );
      waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  const request = (frame: Record<string, unknown>) => {
    const ref = `r${++counter}`;
    socket.send(JSON.stringify({ ...frame, ref }));
    return next((reply) => 'ref' in reply && reply.ref === ref);
  };
  return { socket, frames, next, request, closed };
}

const isMessage = (event: string) => (frame: ServerFrame) =>
  frame.type === 'message' && frame.event === event;

describe('realtime over WebSocket', () => {
  it('refuses a missing or bad token and another project', async () => {
    expect(await (await connect(base, null)).closed).toBe(4401);
    expect(await (await connect(base, 'forged')).closed).toBe(4401);
    expect(await (await connect(base, alice.token, 'other')).closed).toBe(4404);
  });

  it('refuses a token ended by a logout', async () => {
    const carol = await signupViaApi(t.app);
    const before = await connect(base, carol.access_token);
    expect(
      await before.request({ type: 'subscribe', channel: `user:${carol.user.id}` }),
    ).toMatchObject({ type: 'ack' });
    before.socket.close();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refresh_token: carol.refresh_token },
    });
    expect(await (await connect(base, carol.access_token)).closed).toBe(4401);
  });

  it('closes an open socket within one beat once a password change ends its token', async () => {
    const dave = await signupViaApi(t.app);
    const open = await connect(base, dave.access_token);
    expect(
      await open.request({ type: 'subscribe', channel: `user:${dave.user.id}` }),
    ).toMatchObject({ type: 'ack' });
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { authorization: `Bearer ${dave.access_token}` },
      payload: { currentPassword: dave.password, newPassword: 'a-new-password-456' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await open.closed).toBe(4401);
  });

  it("acknowledges subscriptions to one's own channels and refuses others'", async () => {
    const client = await connect(base, alice.token);
    expect(await client.request({ type: 'subscribe', channel: `user:${alice.id}` })).toMatchObject({
      type: 'ack',
      channel: `user:${alice.id}`,
    });
    expect(await client.request({ type: 'subscribe', channel: `user:${bob.id}` })).toMatchObject({
      type: 'error',
      message: 'このチャンネルには参加できません',
    });
    expect(await client.request({ type: 'subscribe', channel: 'lobby' })).toMatchObject({
      type: 'error',
    });
    expect(await client.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    client.socket.close();
  });

  it('delivers published messages, keeps history and shows presence', async () => {
    const client = await connect(base, alice.token);
    const channel = `user:${alice.id}`;
    await client.request({ type: 'subscribe', channel });
    const published = await client.request({
      type: 'publish',
      channel,
      event: 'note',
      payload: { text: 'こんにちは' },
    });
    expect(published).toMatchObject({ type: 'ack' });
    expect(await client.next(isMessage('note'))).toMatchObject({
      channel,
      payload: { text: 'こんにちは' },
    });
    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/realtime/faq-kobo/publish',
      headers: alice.headers,
      payload: { channel, event: 'note', payload: { text: 'REST' } },
    });
    expect(rest.statusCode).toBe(200);
    await client.next(
      (frame) => isMessage('note')(frame) && JSON.stringify(frame).includes('REST'),
    );

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/realtime/faq-kobo/messages?channel=${channel}&limit=10`,
      headers: alice.headers,
    });
    expect(
      history.json().messages.map((m: { payload: { text: string } }) => m.payload.text),
    ).toEqual(['こんにちは', 'REST']);
    const presence = await t.app.inject({
      method: 'GET',
      url: `/api/realtime/faq-kobo/presence?channel=${channel}`,
      headers: alice.headers,
    });
    expect(presence.json().members).toEqual([expect.objectContaining({ userId: alice.id })]);

    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/realtime/faq-kobo/messages?channel=${channel}`,
      headers: bob.headers,
    });
    expect(foreign.statusCode).toBe(403);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/realtime/faq-kobo/publish',
      headers: alice.headers,
      payload: { channel, event: 'note', payload: { text: 'x'.repeat(40_000) } },
    });
    expect(tooBig.statusCode).toBe(413);

    client.socket.close();
    await client.closed;
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/realtime/faq-kobo/presence?channel=${channel}`,
              headers: alice.headers,
            })
          ).json().members,
      )
      .toEqual([]);
  });

  it('refuses deeply nested or NUL-carrying payloads with an error frame and stays open', async () => {
    const client = await connect(base, alice.token);
    let deep: unknown = 'end';
    for (let level = 0; level < 100; level++) deep = { next: deep };
    const channel = `user:${alice.id}`;
    const tooDeep = await client.request({ type: 'publish', channel, event: 'x', payload: deep });
    expect(tooDeep).toMatchObject({ type: 'error', message: TOO_DEEP_MESSAGE });
    const nul = await client.request({
      type: 'publish',
      channel,
      event: 'x',
      payload: { text: 'a\u0000b' },
    });
    expect(nul).toMatchObject({ type: 'error', message: NUL_CHARACTER_MESSAGE });
    expect(await client.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    client.socket.close();
  });

  it("answers malformed frames in the realtime words, never a form field's, and stays open", async () => {
    const client = await connect(base, alice.token);
    const raw = (text: string) => {
      const count = client.frames.length;
      client.socket.send(text);
      return client.next((frame) => client.frames.indexOf(frame) >= count);
    };
    const cases: [string, string][] = [
      ['not json', REALTIME_BAD_FRAME],
      ['null', REALTIME_BAD_FRAME],
      ['42', REALTIME_BAD_FRAME],
      ['[]', REALTIME_BAD_FRAME],
      [
        '{}',
        'メッセージの種類（type）は subscribe・unsubscribe・publish・ping のいずれかを指定してください',
      ],
      [
        '{"type":"hello","ref":"a"}',
        'メッセージの種類（type）は subscribe・unsubscribe・publish・ping のいずれかを指定してください',
      ],
      ['{"type":"ping"}', '要求の識別子（ref）を文字列で指定してください'],
      ['{"type":"ping","ref":7}', '要求の識別子（ref）を文字列で指定してください'],
      [
        `{"type":"ping","ref":"${'r'.repeat(65)}"}`,
        '要求の識別子（ref）は64文字以内で指定してください',
      ],
      ['{"type":"subscribe","ref":"s"}', 'チャンネル名を指定してください'],
      [`{"type":"publish","ref":"p","channel":"user:${alice.id}"}`, 'イベント名を入力してください'],
      [
        `{"type":"publish","ref":"q","channel":"user:${alice.id}","event":"x","payload":"\\ud800"}`,
        LONE_SURROGATE_MESSAGE,
      ],
    ];
    for (const [text, message] of cases) {
      const reply = await raw(text);
      expect(reply, text).toMatchObject({ type: 'error', message });
      expect(JSON.stringify(reply), text).not.toContain('紹介コード');
    }
    expect(await client.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    client.socket.close();
  });

  it(`lets one user hold ${REALTIME_MAX_SOCKETS_PER_USER} sockets and refuses the next with a clear message`, async () => {
    const erin = await seedUser(t.app);
    const open = [];
    for (let index = 0; index < REALTIME_MAX_SOCKETS_PER_USER; index++) {
      const client = await connect(base, erin.token);
      expect(await client.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
      open.push(client);
    }
    const refused = await connect(base, erin.token);
    expect(await refused.closed).toBe(4429);
    expect(refused.frames).toEqual([
      { type: 'error', ref: null, message: REALTIME_TOO_MANY_SOCKETS },
    ]);
    // Another user is not affected, and a closed socket frees its place.
    const other = await connect(base, bob.token);
    expect(await other.request({ type: 'ping' })).toMatchObject({ type: 'pong' });
    other.socket.close();
    open.shift()!.socket.close();
    await expect
      .poll(
        async () => {
          const again = await connect(base, erin.token);
          const outcome = await Promise.race([
            again.request({ type: 'ping' }).then((frame) => frame.type),
            again.closed.then((code) => `closed ${code}`),
          ]);
          again.socket.close();
          return outcome;
        },
        { timeout: 10_000 },
      )
      .toBe('pong');
    for (const client of open) client.socket.close();
  });

  it('pushes the balance when credits change and the progress of own generations', async () => {
    const client = await connect(base, alice.token);
    await client.request({ type: 'subscribe', channel: `user:${alice.id}` });
    await grantCredits(t.app.db, {
      userId: alice.id,
      amount: 7,
      type: 'purchase',
      description: 'テスト',
    });
    expect(await client.next(isMessage('balance'))).toMatchObject({
      payload: { credits: 7, available: 7 },
    });

    await t.app.db.insert(faqGenerations).values({
      id: 'gen-realtime-1',
      userId: alice.id,
      title: 'テスト',
      method: 'url',
    } as typeof faqGenerations.$inferInsert);
    expect(
      await client.request({ type: 'subscribe', channel: 'generation:gen-realtime-1' }),
    ).toMatchObject({ type: 'ack' });
    const bobClient = await connect(base, bob.token);
    expect(
      await bobClient.request({ type: 'subscribe', channel: 'generation:gen-realtime-1' }),
    ).toMatchObject({ type: 'error' });
    const { update } = await import('../generation/generation.record.ts');
    await update(t.app.db, 'gen-realtime-1', { progress: 40, message: '回答を生成中...' });
    expect(await client.next(isMessage('progress'))).toMatchObject({
      channel: 'generation:gen-realtime-1',
      payload: { progress: 40, message: '回答を生成中...' },
    });
    // The owner's channel carries the same change for lists of generations.
    expect(await client.next(isMessage('generation'))).toMatchObject({
      channel: `user:${alice.id}`,
      payload: { id: 'gen-realtime-1', progress: 40, message: '回答を生成中...' },
    });
    client.socket.close();
    bobClient.socket.close();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('realtime across server processes', () => {
  it('a message published on one process reaches a subscriber on another (LISTEN/NOTIFY)', async () => {
    const database = await createTestDatabase();
    const servers: ServerProcess[] = [];
    const dataDir = mkdtempSync(path.join(tmpdir(), 'faq-kobo-rt-'));
    try {
      const start = async () => {
        const server = await startServerProcess({
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url!,
          JWT_SECRET: 'two-process-secret-two-process-secret-0123',
          WEB_DIR: path.join(dataDir, 'no-web'),
        });
        servers.push(server);
        return server.url.replace('http://', '');
      };
      const [first, second] = await Promise.all([start(), start()]);
      const signup = await fetch(`http://${first}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `rt-${Date.now()}@example.jp`, password: 'password123' }),
      });
      const { access_token: token, user } = (await signup.json()) as {
        access_token: string;
        user: { id: string };
      };
      const subscriber = await connect(second!, token);
      const channel = `user:${user.id}`;
      expect(await subscriber.request({ type: 'subscribe', channel })).toMatchObject({
        type: 'ack',
      });
      const published = await fetch(`http://${first}/api/realtime/faq-kobo/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ channel, event: 'hello', payload: { from: 'first' } }),
      });
      expect(published.status).toBe(200);
      expect(await subscriber.next(isMessage('hello'))).toMatchObject({
        channel,
        payload: { from: 'first' },
      });
      subscriber.socket.close();
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

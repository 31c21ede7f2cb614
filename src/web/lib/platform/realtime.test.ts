import { describe, expect, it } from 'vitest';
import { RealtimeClient, type RealtimeEnvironment } from './realtime.ts';

/** A socket the test plays the server for. */
class FakeSocket extends EventTarget {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  receive(frame: object) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  close() {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
  last() {
    return this.sent.at(-1)!;
  }
}

function harness(options: { autoOpen?: boolean | ((index: number) => boolean) } = {}) {
  let now = 0;
  const timers = new Map<number, { at: number; callback: () => void; every?: number }>();
  let nextTimer = 1;
  const sockets: FakeSocket[] = [];
  const env: RealtimeEnvironment = {
    url: async () => 'ws://test/api/realtime/faq-kobo?access_token=t',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      const index = sockets.length - 1;
      const open =
        typeof options.autoOpen === 'function'
          ? options.autoOpen(index)
          : options.autoOpen !== false;
      queueMicrotask(() => (open ? socket.open() : socket.close()));
      return socket as unknown as WebSocket;
    },
    setTimeout: (callback, ms) => {
      timers.set(nextTimer, { at: now + ms, callback });
      return nextTimer++;
    },
    clearTimeout: (timer) => void timers.delete(timer as number),
    setInterval: (callback, ms) => {
      timers.set(nextTimer, { at: now + ms, callback, every: ms });
      return nextTimer++;
    },
    clearInterval: (timer) => void timers.delete(timer as number),
    random: () => 0.5,
  };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    client: new RealtimeClient(env),
    sockets,
    flush,
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, timer]) => timer.at <= until)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [id, timer] = due;
        now = timer.at;
        if (timer.every) timer.at += timer.every;
        else timers.delete(id);
        timer.callback();
        await flush();
      }
      now = until;
    },
  };
}

describe('RealtimeClient', () => {
  it('subscribes with an acknowledgement and delivers the channel’s messages', async () => {
    const h = harness();
    const received: unknown[] = [];
    const subscribed = h.client.subscribe('user:u1', (message) => received.push(message.payload));
    await h.flush();
    const socket = h.sockets[0]!;
    expect(socket.last()).toMatchObject({ type: 'subscribe', channel: 'user:u1' });
    socket.receive({ type: 'ack', ref: socket.last().ref, channel: 'user:u1' });
    await subscribed;
    socket.receive({
      type: 'message',
      channel: 'user:u1',
      event: 'balance',
      payload: { credits: 5 },
    });
    socket.receive({
      type: 'message',
      channel: 'user:u2',
      event: 'balance',
      payload: { credits: 9 },
    });
    expect(received).toEqual([{ credits: 5 }]);
  });

  it('gives up on a subscription after 10 s and on a send after 10 s', async () => {
    const h = harness();
    const subscribed = h.client.subscribe('user:u1', () => undefined);
    const outcome = subscribed.catch((error: Error) => error);
    await h.flush();
    await h.advance(9_999);
    await h.advance(1);
    expect(await outcome).toMatchObject({
      kind: 'REALTIME_ERROR',
      message: 'Subscription timeout',
    });
    const sent = h.client.publish('user:u1', 'note', {}).catch((error: Error) => error);
    await h.flush();
    await h.advance(10_000);
    expect(await sent).toMatchObject({ message: 'Send timeout' });
  });

  it('pings every 25 seconds', async () => {
    const h = harness();
    const subscribed = h.client.subscribe('user:u1', () => undefined);
    await h.flush();
    const socket = h.sockets[0]!;
    socket.receive({ type: 'ack', ref: socket.last().ref });
    await subscribed;
    await h.advance(25_000);
    expect(socket.last()).toMatchObject({ type: 'ping' });
  });

  it('rejects what is waiting when the connection closes, then reconnects with backoff and resubscribes', async () => {
    const h = harness();
    const subscribed = h.client.subscribe('generation:g1', () => undefined);
    await h.flush();
    const first = h.sockets[0]!;
    first.receive({ type: 'ack', ref: first.last().ref });
    await subscribed;
    const waiting = h.client.publish('generation:g1', 'note').catch((error: Error) => error);
    await h.flush();
    first.close();
    expect(await waiting).toMatchObject({ message: 'WebSocket connection closed' });

    // 2^0 s + 0.5 s jitter: nothing before, a new socket after.
    await h.advance(1_499);
    expect(h.sockets).toHaveLength(1);
    await h.advance(1);
    await h.flush();
    expect(h.sockets).toHaveLength(2);
    expect(h.sockets[1]!.last()).toMatchObject({ type: 'subscribe', channel: 'generation:g1' });
  });

  it('waits longer after each failed attempt, never more than 30 s plus jitter', async () => {
    // The first connection works; every later one is refused by the network.
    const h = harness({ autoOpen: (index) => index === 0 });
    const subscribed = h.client.subscribe('user:u1', () => undefined);
    await h.flush();
    h.sockets[0]!.receive({ type: 'ack', ref: h.sockets[0]!.last().ref });
    await subscribed;
    h.sockets[0]!.close();
    const gaps: number[] = [];

    while (gaps.length < 7) {
      const before = h.sockets.length;
      let waited = 0;
      while (h.sockets.length === before) {
        await h.advance(100);
        waited += 100;
      }
      gaps.push(waited);
    }
    // 2^n s + 0.5 s jitter, capped at 30 s + jitter.
    expect(gaps).toEqual([1_500, 2_500, 4_500, 8_500, 16_500, 30_500, 30_500]);
  });

  it('reports server refusals as realtime errors with the server’s message', async () => {
    const h = harness();
    const subscribed = h.client.subscribe('user:other', () => undefined).catch((e: Error) => e);
    await h.flush();
    const socket = h.sockets[0]!;
    socket.receive({
      type: 'error',
      ref: socket.last().ref,
      message: 'このチャンネルには参加できません',
    });
    expect(await subscribed).toMatchObject({
      kind: 'REALTIME_ERROR',
      message: 'このチャンネルには参加できません',
    });
  });
});

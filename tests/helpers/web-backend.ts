import { vi } from 'vitest';
import type { CurrentUser } from '../../src/shared/auth.ts';
import type { Generation } from '../../src/shared/generations.ts';
import { TOKEN_STORAGE_KEY } from '../../src/web/lib/auth/token-store.ts';

/**
 * A stand-in for the API and the realtime socket in jsdom screen tests, served through fetch
 * and a WebSocket class (no network, no mocks of our own code). Routes the test does not
 * answer itself get 404.
 */

/** Typed by the contract: the API client parses what this stand-in answers. */
export const testUser: CurrentUser = {
  id: 'user_1',
  email: 'hanako@example.jp',
  displayName: null,
  avatarUrl: null,
  credits: 50,
  createdAt: '2026-04-01T00:00:00.000Z',
  faqCount: 0,
  emailConfirmed: true,
};

export function generationRecord(overrides: Partial<Generation> & { id: string }): Generation {
  return {
    title: 'example.jp のFAQ',
    method: 'url',
    status: 'completed',
    stage: 'completed',
    progress: 100,
    message: 'FAQの生成が完了しました',
    inputData: { url: 'https://example.jp/', faqCount: 10, includeSubpages: false },
    questions: [],
    questionSources: [],
    answers: [],
    items: [],
    creditsUsed: 0,
    engine: 'offline',
    error: null,
    crawlReport: null,
    createdAt: '2026-04-01T15:30:00.000Z',
    updatedAt: '2026-04-01T15:31:00.000Z',
    ...overrides,
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export type Handler = (
  request: RecordedRequest,
) => Response | undefined | Promise<Response | undefined>;

export const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const publicConfig = {
  brandName: 'FAQ工房',
  projectId: 'faq-kobo',
  environment: 'test',
  supportEmail: 'support@example.jp',
  seller: { name: 'x', representative: 'x', address: 'x', phone: 'x', email: 'x' },
};

/**
 * Serves a signed-in user, the AI providers and, through `handle`, whatever the test needs.
 * `realtime: false` makes the realtime client unavailable (every connection is refused).
 */
export function serveApi(handle: Handler, options: { realtime?: boolean } = {}) {
  const requests: RecordedRequest[] = [];
  if (options.realtime === false) vi.stubGlobal('WebSocket', UnreachableSocket);
  else FakeRealtimeSocket.install();
  localStorage.setItem(
    TOKEN_STORAGE_KEY,
    JSON.stringify({
      access_token: 'access',
      refresh_token: 'refresh',
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 86_400,
      issued_at: Math.floor(Date.now() / 1000),
    }),
  );
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      headers: new Headers(init.headers),
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(request);
    const answered = await handle(request);
    if (answered) return answered;
    if (url.pathname === '/api/config') return json(200, publicConfig);
    if (url.pathname === '/api/auth/me') return json(200, testUser);
    if (url.pathname === '/api/ai/providers')
      return json(200, { providers: [], selected: 'auto', customInstructions: '' });
    return json(404, { error: { message: '見つかりません', status: 404 } });
  });
  return {
    requests,
    count: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path).length,
  };
}

/** A realtime server the test plays: subscriptions are acknowledged, pushes are sent at will. */
export class FakeRealtimeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static sockets: FakeRealtimeSocket[] = [];
  readyState = 0;
  readonly channels = new Set<string>();

  readonly url: string;

  constructor(url: string) {
    super();
    this.url = url;
    FakeRealtimeSocket.sockets.push(this);
    queueMicrotask(() => {
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
    });
  }

  send(data: string) {
    const frame = JSON.parse(data) as { type: string; ref: string; channel?: string };
    if (frame.type === 'subscribe') this.channels.add(frame.channel!);
    if (frame.type === 'unsubscribe') this.channels.delete(frame.channel!);
    queueMicrotask(() => this.receive({ type: 'ack', ref: frame.ref, channel: frame.channel }));
  }

  close() {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }

  private receive(frame: object) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  /** Pushes a message to every open socket subscribed to the channel. */
  static push(channel: string, event: string, payload: unknown) {
    for (const socket of FakeRealtimeSocket.sockets)
      if (socket.readyState === 1 && socket.channels.has(channel))
        socket.receive({
          type: 'message',
          channel,
          event,
          payload,
          id: null,
          createdAt: new Date().toISOString(),
        });
  }

  static subscribed(channel: string) {
    return FakeRealtimeSocket.sockets.some(
      (socket) => socket.readyState === 1 && socket.channels.has(channel),
    );
  }

  static install() {
    FakeRealtimeSocket.sockets = [];
    vi.stubGlobal('WebSocket', FakeRealtimeSocket);
  }
}

/** A realtime server that cannot be reached: every connection closes before it opens. */
class UnreachableSocket extends EventTarget {
  static readonly OPEN = 1;
  readyState = 0;
  constructor() {
    super();
    queueMicrotask(() => {
      this.readyState = 3;
      this.dispatchEvent(new Event('close'));
    });
  }
  send() {}
  close() {}
}

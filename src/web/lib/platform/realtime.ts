// Japanese validation messages wherever the browser parses with zod.
import '../../../shared/zod-ja.ts';
import {
  REALTIME_ERRORS,
  REALTIME_PING_INTERVAL_MS,
  REALTIME_RECONNECT_CAP_MS,
  REALTIME_RECONNECT_JITTER_MS,
  REALTIME_SEND_TIMEOUT_MS,
  REALTIME_SUBSCRIBE_TIMEOUT_MS,
  type ServerFrame,
} from '../../../shared/realtime.ts';
import { ApiError, currentAccessToken } from '../api-client.ts';
import { currentProjectId } from './project.ts';

type MessageFrame = Extract<ServerFrame, { type: 'message' }>;
export type RealtimeHandler = (message: MessageFrame) => void;

export class RealtimeError extends ApiError {
  override name = 'RealtimeError';
  constructor(message: string) {
    super('REALTIME_ERROR', message, 0);
  }
}

/** The parts of the browser this client touches, replaceable in tests. */
export interface RealtimeEnvironment {
  url(): Promise<string>;
  createSocket(url: string): WebSocket;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(timer: unknown): void;
  random(): number;
}

interface Pending {
  resolve: (frame: ServerFrame) => void;
  reject: (error: Error) => void;
  timer: unknown;
}

/**
 * One WebSocket for every channel the page follows (docs/spec.md §7 realtime, §9 constants):
 * subscriptions and sends wait at most 10 s for the server's answer, a ping goes out every
 * 25 s, and while anything is subscribed a dropped connection is retried after 2^n seconds
 * (at most 30) plus up to 1 s of jitter, then every channel is subscribed again.
 */
export class RealtimeClient {
  private readonly env: RealtimeEnvironment;
  private socket: WebSocket | null = null;
  private opening: Promise<WebSocket> | null = null;
  private readonly handlers = new Map<string, Set<RealtimeHandler>>();
  private readonly pending = new Map<string, Pending>();
  private counter = 0;
  private attempts = 0;
  private pingTimer: unknown = null;
  private reconnectTimer: unknown = null;

  constructor(env: RealtimeEnvironment) {
    this.env = env;
  }

  /** Resolves once the server acknowledged; the returned function unsubscribes. */
  async subscribe(channel: string, handler: RealtimeHandler): Promise<() => void> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    try {
      if (first)
        await this.request(
          { type: 'subscribe', channel },
          REALTIME_SUBSCRIBE_TIMEOUT_MS,
          REALTIME_ERRORS.subscribeTimeout,
        );
    } catch (error) {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(channel);
      throw error;
    }
    return () => {
      set.delete(handler);
      if (set.size > 0 || this.handlers.get(channel) !== set) return;
      this.handlers.delete(channel);
      // The last channel: closing the socket ends every subscription on the server too.
      if (this.handlers.size === 0) return this.close();
      if (this.socket?.readyState === WebSocket.OPEN)
        void this.request(
          { type: 'unsubscribe', channel },
          REALTIME_SEND_TIMEOUT_MS,
          REALTIME_ERRORS.sendTimeout,
        ).catch(() => undefined);
    };
  }

  /** Publishes to a channel; resolves with the stored message id. */
  async publish(channel: string, event: string, payload?: unknown): Promise<string> {
    const ack = await this.request(
      { type: 'publish', channel, event, payload },
      REALTIME_SEND_TIMEOUT_MS,
      REALTIME_ERRORS.sendTimeout,
    );
    return ack.type === 'ack' ? (ack.id ?? '') : '';
  }

  close(): void {
    this.handlers.clear();
    if (this.reconnectTimer !== null) this.env.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  private async request(
    frame: Record<string, unknown>,
    timeoutMs: number,
    timeoutMessage: string,
  ): Promise<ServerFrame> {
    const socket = await this.open();
    const ref = `r${++this.counter}`;
    return new Promise<ServerFrame>((resolve, reject) => {
      const timer = this.env.setTimeout(() => {
        this.pending.delete(ref);
        reject(new RealtimeError(timeoutMessage));
      }, timeoutMs);
      // The socket may have closed while this request waited for it.
      if (socket.readyState !== WebSocket.OPEN) {
        this.env.clearTimeout(timer);
        reject(new RealtimeError(REALTIME_ERRORS.closed));
        return;
      }
      this.pending.set(ref, { resolve, reject, timer });
      socket.send(JSON.stringify({ ...frame, ref }));
    });
  }

  private open(): Promise<WebSocket> {
    if (this.socket?.readyState === WebSocket.OPEN) return Promise.resolve(this.socket);
    this.opening ??= this.connect().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async connect(): Promise<WebSocket> {
    const socket = this.env.createSocket(await this.env.url());
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('close', () => reject(new RealtimeError(REALTIME_ERRORS.closed)), {
        once: true,
      });
    });
    this.socket = socket;
    this.attempts = 0;
    socket.addEventListener('message', (event) => this.onFrame(String(event.data)));
    socket.addEventListener('close', () => this.onClose(socket));
    this.pingTimer = this.env.setInterval(() => {
      void this.request(
        { type: 'ping' },
        REALTIME_SEND_TIMEOUT_MS,
        REALTIME_ERRORS.sendTimeout,
      ).catch(() => undefined);
    }, REALTIME_PING_INTERVAL_MS);
    return socket;
  }

  private onFrame(data: string): void {
    let frame: ServerFrame;
    try {
      frame = JSON.parse(data) as ServerFrame;
    } catch {
      return;
    }
    if (frame.type === 'message') {
      for (const handler of this.handlers.get(frame.channel) ?? []) handler(frame);
      return;
    }
    const pending = frame.ref ? this.pending.get(frame.ref) : undefined;
    if (!pending) return;
    this.pending.delete(frame.ref!);
    this.env.clearTimeout(pending.timer);
    if (frame.type === 'error') pending.reject(new RealtimeError(frame.message));
    else pending.resolve(frame);
  }

  private onClose(socket: WebSocket): void {
    if (this.pingTimer !== null) this.env.clearInterval(this.pingTimer);
    this.pingTimer = null;
    for (const [ref, pending] of this.pending) {
      this.env.clearTimeout(pending.timer);
      pending.reject(new RealtimeError(REALTIME_ERRORS.closed));
      this.pending.delete(ref);
    }
    if (this.socket === socket) this.socket = null;
    else if (this.socket !== null) return;
    if (this.handlers.size > 0) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer !== null) return;
    const delay =
      Math.min(2 ** this.attempts * 1000, REALTIME_RECONNECT_CAP_MS) +
      this.env.random() * REALTIME_RECONNECT_JITTER_MS;
    this.attempts++;
    this.reconnectTimer = this.env.setTimeout(() => {
      this.reconnectTimer = null;
      void this.resubscribe();
    }, delay);
  }

  private async resubscribe(): Promise<void> {
    if (this.handlers.size === 0) return;
    try {
      await Promise.all(
        [...this.handlers.keys()].map((channel) =>
          this.request(
            { type: 'subscribe', channel },
            REALTIME_SUBSCRIBE_TIMEOUT_MS,
            REALTIME_ERRORS.subscribeTimeout,
          ),
        ),
      );
    } catch {
      if (this.socket === null) this.scheduleReconnect();
    }
  }
}

let shared: RealtimeClient | null = null;

/** The page's one realtime connection, authenticated with the current access token. */
export function realtime(): RealtimeClient {
  shared ??= new RealtimeClient({
    async url() {
      const [project, token] = await Promise.all([currentProjectId(), currentAccessToken()]);
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const query = token ? `?access_token=${encodeURIComponent(token)}` : '';
      return `${scheme}://${window.location.host}/api/realtime/${encodeURIComponent(project)}${query}`;
    },
    createSocket: (url) => new WebSocket(url),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (timer) => window.clearTimeout(timer as number),
    setInterval: (callback, ms) => window.setInterval(callback, ms),
    clearInterval: (timer) => window.clearInterval(timer as number),
    random: () => Math.random(),
  });
  return shared;
}

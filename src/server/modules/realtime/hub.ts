import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  REALTIME_PRESENCE_STALE_MS,
  type RealtimeMessage,
  type ServerFrame,
} from '../../../shared/realtime.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { faqGenerations, realtimeMessages, realtimePresence } from '../../db/schema.ts';

type MessageFrame = Extract<ServerFrame, { type: 'message' }>;
export type Delivery = (frame: MessageFrame) => void;

/** The Postgres notification channel the database triggers write to (migration 0002). */
const NOTIFY_CHANNEL = 'faq_realtime';

type Notification =
  | { kind: 'balance'; userId: string; credits: number; reserved: number }
  | {
      kind: 'generation';
      id: string;
      userId: string;
      status: string;
      stage: string;
      progress: number;
      message: string;
    }
  | { kind: 'message'; id: string; channel: string };

function toMessage(row: typeof realtimeMessages.$inferSelect): RealtimeMessage {
  return {
    id: row.id,
    channel: row.channel,
    event: row.event,
    payload: row.payload ?? null,
    userId: row.userId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Channels, history and presence. Every change reaches subscribers the same way, whichever
 * process made it: the database announces it on commit (NOTIFY) and each process delivers to
 * its own sockets. With PGlite there is one process and the same path runs in it.
 */
export class RealtimeHub {
  private readonly database: DatabaseHandle;
  private readonly log: FastifyBaseLogger;
  private readonly subscribers = new Map<string, Set<Delivery>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(database: DatabaseHandle, log: FastifyBaseLogger) {
    this.database = database;
    this.log = log;
  }

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(NOTIFY_CHANNEL, (payload) => {
      void this.onNotification(payload).catch((error: unknown) =>
        this.log.warn({ err: error }, 'realtime notification failed'),
      );
    });
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
    this.subscribers.clear();
  }

  /** Whether this user may join the channel: their own user channel and their generations. */
  async canJoin(userId: string, channel: string): Promise<boolean> {
    const [kind, id] = channel.split(':') as [string, string];
    if (kind === 'user') return id === userId;
    if (kind === 'generation') {
      const [row] = await this.database.db
        .select({ userId: faqGenerations.userId })
        .from(faqGenerations)
        .where(eq(faqGenerations.id, id));
      return row?.userId === userId;
    }
    return false;
  }

  subscribe(channel: string, deliver: Delivery): () => void {
    let set = this.subscribers.get(channel);
    if (!set) this.subscribers.set(channel, (set = new Set()));
    set.add(deliver);
    return () => {
      set.delete(deliver);
      if (set.size === 0) this.subscribers.delete(channel);
    };
  }

  /** Stored first (history), then announced by the database trigger on commit. */
  async publish(
    channel: string,
    event: string,
    payload: unknown,
    userId: string | null,
  ): Promise<RealtimeMessage> {
    const [row] = await this.database.db
      .insert(realtimeMessages)
      .values({ id: randomUUID(), channel, event, payload: payload ?? null, userId })
      .returning();
    return toMessage(row!);
  }

  async history(
    channel: string,
    options: { limit: number; start?: string | undefined; end?: string | undefined },
  ): Promise<RealtimeMessage[]> {
    const rows = await this.database.db
      .select()
      .from(realtimeMessages)
      .where(
        and(
          eq(realtimeMessages.channel, channel),
          options.start ? gte(realtimeMessages.createdAt, new Date(options.start)) : undefined,
          options.end ? lte(realtimeMessages.createdAt, new Date(options.end)) : undefined,
        ),
      )
      .orderBy(desc(realtimeMessages.createdAt), desc(realtimeMessages.id))
      .limit(options.limit);
    // The newest `limit` messages, read oldest first like a conversation.
    return rows.reverse().map(toMessage);
  }

  async join(connectionId: string, channel: string, userId: string): Promise<void> {
    await this.database.db
      .insert(realtimePresence)
      .values({ connectionId, channel, userId })
      .onConflictDoUpdate({
        target: [realtimePresence.connectionId, realtimePresence.channel],
        set: { lastSeen: new Date() },
      });
  }

  async leave(connectionId: string, channel?: string): Promise<void> {
    await this.database.db
      .delete(realtimePresence)
      .where(
        and(
          eq(realtimePresence.connectionId, connectionId),
          channel ? eq(realtimePresence.channel, channel) : undefined,
        ),
      );
  }

  async touch(connectionId: string): Promise<void> {
    await this.database.db
      .update(realtimePresence)
      .set({ lastSeen: new Date() })
      .where(eq(realtimePresence.connectionId, connectionId));
  }

  async presence(channel: string): Promise<{ userId: string; joinedAt: string }[]> {
    const fresh = new Date(Date.now() - REALTIME_PRESENCE_STALE_MS);
    const rows = await this.database.db
      .select({
        userId: realtimePresence.userId,
        joinedAt: sql<Date>`min(${realtimePresence.joinedAt})`.mapWith(
          (value: unknown) => new Date(value as string),
        ),
      })
      .from(realtimePresence)
      .where(and(eq(realtimePresence.channel, channel), gte(realtimePresence.lastSeen, fresh)))
      .groupBy(realtimePresence.userId)
      .orderBy(asc(sql`min(${realtimePresence.joinedAt})`));
    return rows.map((row) => ({ userId: row.userId, joinedAt: row.joinedAt.toISOString() }));
  }

  private deliver(channel: string, frame: MessageFrame): void {
    for (const deliver of this.subscribers.get(channel) ?? []) {
      try {
        deliver(frame);
      } catch (error) {
        this.log.warn({ err: error, channel }, 'realtime delivery failed');
      }
    }
  }

  private async onNotification(raw: string): Promise<void> {
    const note = JSON.parse(raw) as Notification;
    const now = new Date().toISOString();
    if (note.kind === 'balance') {
      const channel = `user:${note.userId}`;
      if (!this.subscribers.has(channel)) return;
      this.deliver(channel, {
        type: 'message',
        channel,
        event: 'balance',
        payload: {
          credits: note.credits,
          reserved: note.reserved,
          available: note.credits - note.reserved,
        },
        id: null,
        createdAt: now,
      });
    } else if (note.kind === 'generation') {
      const { kind: _kind, userId, ...progress } = note;
      const channel = `generation:${note.id}`;
      if (this.subscribers.has(channel))
        this.deliver(channel, {
          type: 'message',
          channel,
          event: 'progress',
          payload: progress,
          id: null,
          createdAt: now,
        });
      // The owner's channel hears every one of their generations too, so a list of them
      // (the history) follows jobs without joining each record's channel.
      const own = `user:${userId}`;
      if (this.subscribers.has(own))
        this.deliver(own, {
          type: 'message',
          channel: own,
          event: 'generation',
          payload: progress,
          id: null,
          createdAt: now,
        });
    } else if (note.kind === 'message') {
      if (!this.subscribers.has(note.channel)) return;
      const [row] = await this.database.db
        .select()
        .from(realtimeMessages)
        .where(eq(realtimeMessages.id, note.id));
      if (!row) return;
      const message = toMessage(row);
      this.deliver(note.channel, { type: 'message', ...message });
    }
  }
}

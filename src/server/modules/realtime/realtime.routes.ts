import { randomUUID } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RawData, WebSocket } from 'ws';
import { z } from 'zod';
import {
  clientFrameSchema,
  messagesQuerySchema,
  presenceQuerySchema,
  presenceResponseSchema,
  publishRequestSchema,
  REALTIME_BAD_FRAME,
  REALTIME_FORBIDDEN,
  REALTIME_MAX_PAYLOAD_BYTES,
  REALTIME_MAX_SOCKETS_PER_USER,
  REALTIME_TOO_MANY_SOCKETS,
  realtimeMessageSchema,
  type ServerFrame,
} from '../../../shared/realtime.ts';
import { forbidden, HttpError } from '../../lib/http-error.ts';
import { projectParamsSchema, requireProject } from '../../lib/project.ts';
import { consumeRateLimit } from '../../lib/rate-limiter.ts';
import { currentUser, tokenStanding } from '../../plugins/auth-guard.ts';
import { USER_TOKEN_AUDIENCE, verifyAccessToken } from '../auth/access-token.ts';
import { RealtimeHub } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

const PUBLISH_RATE_LIMIT = {
  limit: 120,
  windowSeconds: 60,
  message: '送信回数が多すぎます。しばらく待ってから再度お試しください',
};
const MAX_SUBSCRIPTIONS = 50;
/** Close codes in the application range: the browser client reads them. */
const CLOSE_UNAUTHORIZED = 4401;
const CLOSE_NOT_FOUND = 4404;
const CLOSE_TOO_MANY = 4429;

function payloadTooLarge(payload: unknown): boolean {
  return Buffer.byteLength(JSON.stringify(payload ?? null)) > REALTIME_MAX_PAYLOAD_BYTES;
}

/**
 * WebSocket `GET /api/realtime/{project}` (subscribe, unsubscribe, publish, ping) and
 * `POST …/publish`, `GET …/presence`, `GET …/messages`.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new RealtimeHub(app.database, app.log);
  app.decorate('realtime', hub);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.stop());
  await app.register(websocket, { options: { maxPayload: REALTIME_MAX_PAYLOAD_BYTES * 2 } });

  /** The open sockets of each user in this process (REALTIME_MAX_SOCKETS_PER_USER). */
  const socketsByUser = new Map<string, Set<WebSocket>>();

  async function entitled(userId: string, channel: string) {
    if (!(await hub.canJoin(userId, channel))) throw forbidden(REALTIME_FORBIDDEN);
  }

  app.get(
    '/realtime/:project',
    {
      websocket: true,
      schema: {
        params: projectParamsSchema,
        // Browsers cannot set headers on a WebSocket; the token comes in the URL, which the
        // request logger strips (log-redaction.ts).
        querystring: z.object({ access_token: z.string().max(4096).optional() }),
      },
    },
    async (socket: WebSocket, request) => {
      // Frames sent right after the handshake arrive while the token is being checked.
      const early: RawData[] = [];
      const hold = (data: RawData) => early.push(data);
      socket.on('message', hold);
      if (request.params.project !== app.config.PROJECT_ID) {
        socket.close(CLOSE_NOT_FOUND, 'Not found');
        return;
      }
      const token = request.query.access_token;
      const verified = token
        ? await verifyAccessToken(app.config.jwtSecret, USER_TOKEN_AUDIENCE, token)
        : null;
      if (!verified?.ok) {
        socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
        return;
      }
      const userId = verified.claims.sub;
      // Like the HTTP guard: no socket for a deleted or suspended account, or for a token
      // ended by logout or a password change.
      const tokenStillHonoured = async () =>
        (await tokenStanding(app.db, verified.claims)).kind === 'honoured';
      if (!(await tokenStillHonoured())) {
        socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
        return;
      }
      // Closed while its token was checked: nothing to count (its close event has passed).
      if (socket.readyState !== socket.OPEN) return;
      const own = socketsByUser.get(userId) ?? new Set<WebSocket>();
      if (own.size >= REALTIME_MAX_SOCKETS_PER_USER) {
        socket.send(
          JSON.stringify({ type: 'error', ref: null, message: REALTIME_TOO_MANY_SOCKETS }),
        );
        socket.close(CLOSE_TOO_MANY, 'Too many connections');
        return;
      }
      own.add(socket);
      socketsByUser.set(userId, own);
      const connectionId = randomUUID();
      const subscriptions = new Map<string, () => void>();
      const send = (frame: ServerFrame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      // Protocol pings find connections that died without a close (a sleeping laptop).
      let alive = true;
      socket.on('pong', () => (alive = true));
      // Each beat also asks again whether the token is honoured, so a socket opened before a
      // password change, sign-out everywhere, suspension or deletion stops receiving pushes
      // within one beat; the client then refreshes (or is signed out) and reconnects.
      const heartbeat = setInterval(() => {
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
        void tokenStillHonoured()
          .then((honoured) => {
            if (!honoured) socket.close(CLOSE_UNAUTHORIZED, 'Unauthorized');
          })
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'realtime token check failed'),
          );
      }, app.config.REALTIME_HEARTBEAT_MS);

      const handle = (data: RawData) => {
        void (async () => {
          let raw: unknown;
          try {
            raw = JSON.parse(String(data));
          } catch {
            return send({ type: 'error', ref: null, message: REALTIME_BAD_FRAME });
          }
          const parsed = clientFrameSchema.safeParse(raw);
          if (!parsed.success) {
            // Answer under the request's ref when it has one, so the client's promise settles.
            const ref = (raw as { ref?: unknown } | null)?.ref;
            return send({
              type: 'error',
              ref: typeof ref === 'string' ? ref.slice(0, 64) : null,
              message: parsed.error.issues[0]?.message ?? REALTIME_BAD_FRAME,
            });
          }
          const frame = parsed.data;
          try {
            switch (frame.type) {
              case 'ping':
                await hub.touch(connectionId);
                return send({ type: 'pong', ref: frame.ref });
              case 'subscribe': {
                if (!subscriptions.has(frame.channel)) {
                  if (subscriptions.size >= MAX_SUBSCRIPTIONS)
                    throw new HttpError(400, '購読できるチャンネル数の上限に達しました');
                  await entitled(userId, frame.channel);
                  subscriptions.set(
                    frame.channel,
                    hub.subscribe(frame.channel, (message) => send(message)),
                  );
                  await hub.join(connectionId, frame.channel, userId);
                }
                return send({ type: 'ack', ref: frame.ref, channel: frame.channel });
              }
              case 'unsubscribe':
                subscriptions.get(frame.channel)?.();
                subscriptions.delete(frame.channel);
                await hub.leave(connectionId, frame.channel);
                return send({ type: 'ack', ref: frame.ref, channel: frame.channel });
              case 'publish': {
                if (payloadTooLarge(frame.payload))
                  throw new HttpError(413, 'メッセージが大きすぎます（32KBまで）');
                await entitled(userId, frame.channel);
                await consumeRateLimit(app.db, `realtime:${userId}`, PUBLISH_RATE_LIMIT);
                const message = await hub.publish(
                  frame.channel,
                  frame.event,
                  frame.payload,
                  userId,
                );
                return send({
                  type: 'ack',
                  ref: frame.ref,
                  channel: frame.channel,
                  id: message.id,
                });
              }
            }
          } catch (error) {
            const message =
              error instanceof HttpError ? error.message : 'リクエストを処理できませんでした';
            if (!(error instanceof HttpError))
              request.log.warn({ err: error }, 'realtime frame failed');
            send({ type: 'error', ref: frame.ref, message });
          }
        })();
      };
      socket.off('message', hold);
      socket.on('message', handle);
      for (const data of early.splice(0)) handle(data);

      socket.on('close', () => {
        own.delete(socket);
        if (own.size === 0 && socketsByUser.get(userId) === own) socketsByUser.delete(userId);
        clearInterval(heartbeat);
        for (const unsubscribe of subscriptions.values()) unsubscribe();
        subscriptions.clear();
        void hub.leave(connectionId).catch(() => undefined);
      });
    },
  );

  const guard = { preHandler: [app.requireUser, requireProject(app)] };

  app.post(
    '/realtime/:project/publish',
    {
      ...guard,
      schema: {
        params: projectParamsSchema,
        body: publishRequestSchema,
        response: { 200: realtimeMessageSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { channel, event, payload } = request.body;
      if (payloadTooLarge(payload))
        throw new HttpError(413, 'メッセージが大きすぎます（32KBまで）');
      await entitled(user.id, channel);
      await consumeRateLimit(app.db, `realtime:${user.id}`, PUBLISH_RATE_LIMIT);
      return hub.publish(channel, event, payload, user.id);
    },
  );

  app.get(
    '/realtime/:project/presence',
    {
      ...guard,
      schema: {
        params: projectParamsSchema,
        querystring: presenceQuerySchema,
        response: { 200: presenceResponseSchema },
      },
    },
    async (request) => {
      await entitled(currentUser(request).id, request.query.channel);
      return { channel: request.query.channel, members: await hub.presence(request.query.channel) };
    },
  );

  app.get(
    '/realtime/:project/messages',
    {
      ...guard,
      schema: {
        params: projectParamsSchema,
        querystring: messagesQuerySchema,
        response: { 200: z.object({ messages: z.array(realtimeMessageSchema) }) },
      },
    },
    async (request) => {
      const { channel, limit, start, end } = request.query;
      await entitled(currentUser(request).id, channel);
      return { messages: await hub.history(channel, { limit, start, end }) };
    },
  );
};

import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route `onSend` hook for answers that carry tokens or decide a sign-in: no browser or proxy
 * may keep them (errors included, so a cached 429 or 401 never answers a later attempt).
 */
export async function noStore(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  reply.header('cache-control', 'no-store');
  return payload;
}

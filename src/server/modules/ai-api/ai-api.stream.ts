import type { TextStreamPart, ToolSet } from 'ai';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AiStreamEvent } from '../../../shared/ai-api.ts';
import { MESSAGES } from '../../../shared/messages.ts';
import { HttpError } from '../../lib/http-error.ts';
import { toHttpError } from './ai-api.service.ts';

/** Parts after which the provider has accepted the call and the stream may begin. */
const FIRST_CONTENT = new Set(['text-delta', 'tool-call', 'finish', 'abort']);

type StreamPart = TextStreamPart<ToolSet>;

export interface StreamPlan {
  parts: AsyncIterable<StreamPart>;
  abort: AbortController;
  /** Object mode: the partial value for the text so far (undefined when not yet parseable). */
  partial?: (text: string) => Promise<unknown>;
  finish: () => Promise<AiStreamEvent>;
}

function sendEvent(reply: FastifyReply, event: AiStreamEvent): void {
  const raw = reply.raw;
  if (!raw.writableEnded && !raw.destroyed) raw.write(`data: ${JSON.stringify(event)}\n\n`);
}

/**
 * Server-Sent Events for a streamed call. The status line waits for the provider's first
 * content, so a refusal before any output (429, 5xx, bad model) is still an ordinary JSON
 * error with its status; a failure later arrives as an `error` event.
 */
export async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  plan: StreamPlan,
): Promise<void> {
  const iterator = plan.parts[Symbol.asyncIterator]();
  const pending: StreamPart[] = [];
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    if (next.value.type === 'error') {
      plan.abort.abort();
      throw toHttpError(next.value.error);
    }
    pending.push(next.value);
    if (FIRST_CONTENT.has(next.value.type)) break;
  }
  reply.hijack();
  // Security headers set by the hooks so far still apply to the hijacked response.
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    // Reverse proxies (nginx) would otherwise hold the events back.
    'x-accel-buffering': 'no',
  });
  reply.raw.on('close', () => plan.abort.abort());
  let text = '';
  let lastPartial = '';
  const handle = async (part: StreamPart) => {
    switch (part.type) {
      case 'start-step':
        text = '';
        break;
      case 'text-delta': {
        if (!plan.partial) {
          sendEvent(reply, { type: 'text-delta', text: part.text });
          break;
        }
        text += part.text;
        const partial = await plan.partial(text);
        const serialised = JSON.stringify(partial);
        if (partial !== undefined && serialised !== lastPartial) {
          lastPartial = serialised;
          sendEvent(reply, { type: 'partial', object: partial });
        }
        break;
      }
      case 'tool-call':
        sendEvent(reply, { type: 'tool-call', toolName: part.toolName, input: part.input });
        break;
      case 'tool-result':
        sendEvent(reply, { type: 'tool-result', toolName: part.toolName, output: part.output });
        break;
      case 'error':
        throw part.error;
    }
  };
  try {
    for (const part of pending) await handle(part);
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      await handle(next.value);
    }
    if (plan.abort.signal.aborted && reply.raw.destroyed) return;
    sendEvent(reply, await plan.finish());
  } catch (error) {
    const mapped = toHttpError(error);
    const http = mapped instanceof HttpError ? mapped : new HttpError(500, MESSAGES.internalError);
    if (http.status >= 500) request.log.error({ err: error }, 'AI stream failed');
    sendEvent(reply, {
      type: 'error',
      error: { code: http.code, message: http.message, status: http.status },
    });
  } finally {
    reply.raw.end();
  }
}

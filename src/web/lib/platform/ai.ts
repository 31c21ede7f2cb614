// Japanese validation messages wherever the browser parses with zod.
import '../../../shared/zod-ja.ts';
import {
  aiImageResponseSchema,
  aiObjectResponseSchema,
  aiSpeechResponseSchema,
  aiTextResponseSchema,
  aiTranscribeResponseSchema,
  type AiObjectRequest,
  type AiStreamEvent,
  type AiObjectResponse,
  type AiTextRequest,
  type AiTextResponse,
} from '../../../shared/ai-api.ts';
import { ApiError, apiRequest, apiResponse } from '../api-client.ts';
import { readSseData } from '../sse.ts';
import { platformPath } from './project.ts';

type TextInput = Partial<AiTextRequest>;
type ObjectInput = Partial<AiObjectRequest>;

export type { AiStreamEvent };

/** A stream that broke or said so: the spec's AI_ERROR, with the server's message. */
export class AiError extends ApiError {
  override name = 'AiError';
  constructor(message: string, status = 0) {
    super('AI_ERROR', message, status);
  }
}

/** Reads the server-sent events of a streaming AI call, one parsed event at a time. */
export async function* readAiStream(response: Response): AsyncGenerator<AiStreamEvent> {
  if (!response.body) throw new AiError('AIの応答を受け取れませんでした');
  for await (const data of readSseData(response)) yield JSON.parse(data) as AiStreamEvent;
}

async function stream(
  endpoint: 'text' | 'object',
  body: object,
  onEvent: (event: AiStreamEvent) => void,
  signal?: AbortSignal,
): Promise<AiStreamEvent & { type: 'finish' }> {
  // The client's token handling (refresh and one retry on 401) applies to streams too.
  const response = await apiResponse(await platformPath('ai', endpoint), {
    method: 'POST',
    headers: { accept: 'text/event-stream' },
    body: { ...body, stream: true },
    ...(signal ? { signal } : {}),
  });
  for await (const event of readAiStream(response)) {
    if (event.type === 'error') throw new AiError(event.error.message, event.error.status);
    onEvent(event);
    if (event.type === 'finish') return event;
  }
  throw new AiError('AIの応答が途中で終わりました');
}

/** The AI API (docs/spec.md §7): text and structured output, streamed or whole, images, speech. */
export const ai = {
  async text(request: TextInput): Promise<AiTextResponse> {
    return apiRequest(await platformPath('ai', 'text'), {
      method: 'POST',
      body: request,
      schema: aiTextResponseSchema,
    });
  },
  streamText(
    request: TextInput,
    onDelta: (text: string) => void,
    signal?: AbortSignal,
  ): Promise<AiStreamEvent & { type: 'finish' }> {
    return stream(
      'text',
      request,
      (event) => {
        if (event.type === 'text-delta') onDelta(event.text);
      },
      signal,
    );
  },
  async object(request: ObjectInput): Promise<AiObjectResponse> {
    return apiRequest(await platformPath('ai', 'object'), {
      method: 'POST',
      body: request,
      schema: aiObjectResponseSchema,
    });
  },
  streamObject(
    request: ObjectInput,
    onPartial: (object: unknown) => void,
    signal?: AbortSignal,
  ): Promise<AiStreamEvent & { type: 'finish' }> {
    return stream(
      'object',
      request,
      (event) => {
        if (event.type === 'partial') onPartial(event.object);
      },
      signal,
    );
  },
  async image(request: { prompt: string; n?: number; size?: string; images?: string[] }) {
    return apiRequest(await platformPath('ai', 'image'), {
      method: 'POST',
      body: request,
      schema: aiImageResponseSchema,
    });
  },
  async speech(request: { text: string; voice?: string }) {
    return apiRequest(await platformPath('ai', 'speech'), {
      method: 'POST',
      body: request,
      schema: aiSpeechResponseSchema,
    });
  },
  async transcribe(request: { audio: string; language?: string }) {
    return apiRequest(await platformPath('ai', 'transcribe'), {
      method: 'POST',
      body: request,
      schema: aiTranscribeResponseSchema,
    });
  },
};

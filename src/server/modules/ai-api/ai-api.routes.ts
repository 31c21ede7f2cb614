import { generateImage, generateSpeech, generateText, streamText, transcribe } from 'ai';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIO_TOO_LARGE,
  aiImageRequestSchema,
  aiImageResponseSchema,
  aiObjectRequestSchema,
  aiObjectResponseSchema,
  aiSpeechRequestSchema,
  aiSpeechResponseSchema,
  aiTextRequestSchema,
  aiTextResponseSchema,
  aiTranscribeRequestSchema,
  aiTranscribeResponseSchema,
  MAX_AUDIO_BYTES,
  parseAudioData,
  type AiUsage,
} from '../../../shared/ai-api.ts';
import { HttpError } from '../../lib/http-error.ts';
import { projectParamsSchema, requireProject } from '../../lib/project.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { assertModelAllowed } from '../ai/providers.ts';
import { aiLimiter } from '../ai/structured.ts';
import { safeFetch } from '../ingestion/safe-fetch.ts';
import {
  mediaEngine,
  meterAiApiCall,
  outputOf,
  promptOf,
  refuseInterrupted,
  searchOptions,
  textEngine,
  toHttpError,
  usageOf,
  type TextEngine,
} from './ai-api.service.ts';
import { streamEvents } from './ai-api.stream.ts';

const TEXT_TIMEOUT_MS = 120_000;
const MEDIA_TIMEOUT_MS = 180_000;
const SOURCE_IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** base64 is 4/3 of the bytes, plus room for the JSON around it. */
const TRANSCRIBE_BODY_LIMIT = Math.ceil((MAX_AUDIO_BYTES * 4) / 3) + 64 * 1024;

/** POST /api/ai/{project}/text, object, image, speech, transcribe (docs/spec.md §7 AI). */
export const aiApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.requireUser, requireProject(app)];
  const limiter = () => aiLimiter(app.config.AI_CONCURRENCY);

  /**
   * Every accepted call needs a confirmed address and counts against the caller's per-minute
   * and per-day quota (docs/adr/025).
   */
  async function meter(request: FastifyRequest): Promise<string> {
    const userId = currentUser(request).id;
    await meterAiApiCall(app.db, userId);
    return userId;
  }

  function logUsage(
    request: FastifyRequest,
    entry: { userId: string; endpoint: string; provider: string; model: string; usage?: AiUsage },
    extra: Record<string, unknown> = {},
  ) {
    request.log.info({ ...entry, ...extra }, 'AI API usage');
  }

  function commonTextOptions(
    engine: TextEngine,
    body: Parameters<typeof promptOf>[0] & {
      maxTokens?: number | undefined;
      temperature?: number | undefined;
    },
  ) {
    return {
      model: engine.model,
      ...promptOf(body),
      ...(body.maxTokens ? { maxOutputTokens: body.maxTokens } : {}),
      ...(body.temperature !== undefined ? { temperature: body.temperature } : {}),
      maxRetries: 2,
    };
  }

  app.post(
    '/ai/:project/text',
    {
      onRequest,
      schema: {
        params: projectParamsSchema,
        body: aiTextRequestSchema,
        response: { 200: aiTextResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const engine = textEngine(app.config, body.provider, body.model);
      const search = searchOptions(app.config, body);
      const userId = await meter(request);
      const base = { userId, endpoint: 'text', provider: engine.provider, model: engine.modelId };
      if (body.stream) {
        await limiter()(async () => {
          const abort = new AbortController();
          const result = streamText({
            ...commonTextOptions(engine, body),
            ...search,
            abortSignal: AbortSignal.any([abort.signal, AbortSignal.timeout(TEXT_TIMEOUT_MS)]),
            // Failures reach the client through the stream; the SDK would also print them.
            onError: () => undefined,
          });
          await streamEvents(request, reply, {
            parts: result.fullStream,
            abort,
            finish: async () => {
              await refuseInterrupted(result.finishReason);
              const usage = usageOf(await result.totalUsage);
              logUsage(request, { ...base, usage });
              return {
                type: 'finish',
                text: await result.text,
                usage,
                model: engine.modelId,
                provider: engine.provider,
                finishReason: await result.finishReason,
              };
            },
          });
        });
        return reply;
      }
      try {
        const result = await limiter()(() =>
          generateText({
            ...commonTextOptions(engine, body),
            ...search,
            abortSignal: AbortSignal.timeout(TEXT_TIMEOUT_MS),
          }),
        );
        const usage = usageOf(result.totalUsage);
        logUsage(request, { ...base, usage });
        return {
          text: result.text,
          usage,
          model: engine.modelId,
          provider: engine.provider,
          finishReason: result.finishReason,
        };
      } catch (error) {
        throw toHttpError(error);
      }
    },
  );

  app.post(
    '/ai/:project/object',
    {
      onRequest,
      schema: {
        params: projectParamsSchema,
        body: aiObjectRequestSchema,
        response: { 200: aiObjectResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const engine = textEngine(app.config, body.provider, body.model);
      const search = searchOptions(app.config, body);
      const output = outputOf(body);
      const userId = await meter(request);
      const base = { userId, endpoint: 'object', provider: engine.provider, model: engine.modelId };
      if (body.stream) {
        await limiter()(async () => {
          const abort = new AbortController();
          const result = streamText({
            ...commonTextOptions(engine, body),
            ...search,
            output,
            abortSignal: AbortSignal.any([abort.signal, AbortSignal.timeout(TEXT_TIMEOUT_MS)]),
            onError: () => undefined,
          });
          await streamEvents(request, reply, {
            parts: result.fullStream,
            abort,
            partial: async (text) => (await output.parsePartialOutput({ text }))?.partial,
            finish: async () => {
              await refuseInterrupted(result.finishReason);
              const object = await result.output;
              const usage = usageOf(await result.totalUsage);
              logUsage(request, { ...base, usage });
              return {
                type: 'finish',
                object,
                usage,
                model: engine.modelId,
                provider: engine.provider,
              };
            },
          });
        });
        return reply;
      }
      try {
        const result = await limiter()(() =>
          generateText({
            ...commonTextOptions(engine, body),
            ...search,
            output,
            abortSignal: AbortSignal.timeout(TEXT_TIMEOUT_MS),
          }),
        );
        const usage = usageOf(result.totalUsage);
        logUsage(request, { ...base, usage });
        return { object: result.output, usage, model: engine.modelId, provider: engine.provider };
      } catch (error) {
        throw toHttpError(error);
      }
    },
  );

  /** Source images for a modification, fetched through the SSRF guard like any user URL. */
  async function fetchSourceImage(url: string): Promise<Uint8Array> {
    const resource = await safeFetch(url, {
      allowPrivate: app.config.FETCH_ALLOW_PRIVATE,
      maxBytes: SOURCE_IMAGE_MAX_BYTES,
      timeoutMs: 20_000,
      accept: 'image/*',
    });
    if (resource.status >= 400 || !resource.contentType.startsWith('image/')) {
      throw new HttpError(400, `画像を取得できませんでした（${url}）`);
    }
    return new Uint8Array(resource.body);
  }

  app.post(
    '/ai/:project/image',
    {
      onRequest,
      schema: {
        params: projectParamsSchema,
        body: aiImageRequestSchema,
        response: { 200: aiImageResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const engine = mediaEngine(app.config);
      const userId = await meter(request);
      const modelId = assertModelAllowed(app.config, app.config.OPENAI_IMAGE_MODEL, body.model);
      const sourceUrls = body.images ?? body.imageUrls;
      const sources = sourceUrls ? await Promise.all(sourceUrls.map(fetchSourceImage)) : undefined;
      const prompt = body.prompt ?? '';
      try {
        const result = await limiter()(() =>
          generateImage({
            model: engine.openai.image(modelId),
            prompt: sources ? { images: sources, text: prompt } : prompt,
            n: body.n,
            ...(body.size ? { size: body.size as `${number}x${number}` } : {}),
            ...(body.quality ? { providerOptions: { openai: { quality: body.quality } } } : {}),
            maxRetries: 2,
            abortSignal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
          }),
        );
        logUsage(
          request,
          { userId, endpoint: 'image', provider: engine.provider, model: modelId },
          { images: result.images.length, imageUsage: result.usage },
        );
        return {
          images: result.images.map((image) => ({
            base64: image.base64,
            mediaType: image.mediaType,
          })),
          model: modelId,
          provider: engine.provider,
        };
      } catch (error) {
        throw toHttpError(error);
      }
    },
  );

  app.post(
    '/ai/:project/speech',
    {
      onRequest,
      schema: {
        params: projectParamsSchema,
        body: aiSpeechRequestSchema,
        response: { 200: aiSpeechResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const engine = mediaEngine(app.config);
      const userId = await meter(request);
      const modelId = assertModelAllowed(app.config, app.config.OPENAI_SPEECH_MODEL, body.model);
      const text = (body.text?.trim() ? body.text : body.prompt) ?? '';
      try {
        // `language` is not passed on: OpenAI's speech models take the language from the text.
        const result = await limiter()(() =>
          generateSpeech({
            model: engine.openai.speech(modelId),
            text,
            ...(body.voice ? { voice: body.voice } : {}),
            outputFormat: 'mp3',
            maxRetries: 2,
            abortSignal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
          }),
        );
        logUsage(
          request,
          { userId, endpoint: 'speech', provider: engine.provider, model: modelId },
          { characters: text.length },
        );
        return {
          audio: {
            base64: result.audio.base64,
            mediaType: result.audio.mediaType,
            format: result.audio.format,
          },
          model: modelId,
          provider: engine.provider,
        };
      } catch (error) {
        throw toHttpError(error);
      }
    },
  );

  app.post(
    '/ai/:project/transcribe',
    {
      onRequest,
      bodyLimit: TRANSCRIBE_BODY_LIMIT,
      schema: {
        params: projectParamsSchema,
        body: aiTranscribeRequestSchema,
        response: { 200: aiTranscribeResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const engine = mediaEngine(app.config);
      const audio = Buffer.from(parseAudioData(body.audio) ?? '', 'base64');
      if (audio.length > MAX_AUDIO_BYTES) throw new HttpError(413, AUDIO_TOO_LARGE);
      const userId = await meter(request);
      const modelId = assertModelAllowed(
        app.config,
        app.config.OPENAI_TRANSCRIPTION_MODEL,
        body.model,
      );
      try {
        const result = await limiter()(() =>
          transcribe({
            model: engine.openai.transcription(modelId),
            audio: new Uint8Array(audio),
            ...(body.language ? { providerOptions: { openai: { language: body.language } } } : {}),
            maxRetries: 2,
            abortSignal: AbortSignal.timeout(MEDIA_TIMEOUT_MS),
          }),
        );
        logUsage(
          request,
          { userId, endpoint: 'transcribe', provider: engine.provider, model: modelId },
          { audioBytes: audio.length, durationInSeconds: result.durationInSeconds },
        );
        return {
          text: result.text,
          language: result.language ?? null,
          durationInSeconds: result.durationInSeconds ?? null,
          segments: result.segments.map((segment) => ({
            text: segment.text,
            startSecond: segment.startSecond,
            endSecond: segment.endSecond,
          })),
          model: modelId,
          provider: engine.provider,
        };
      } catch (error) {
        throw toHttpError(error);
      }
    },
  );
};

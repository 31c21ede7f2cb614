import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '../../shared/api-error.ts';
import { codeForStatus } from '../../shared/api-error.ts';
import { labelledMessage } from '../../shared/field-labels.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { HttpError } from '../lib/http-error.ts';

function body(
  status: number,
  message: string,
  extra: Partial<ApiErrorBody['error']> = {},
): ApiErrorBody {
  return { error: { code: codeForStatus(status), message, status, ...extra } };
}

/** Fastify's own client errors (bad JSON, wrong content type, too large) get Japanese text. */
function messageForFrameworkError(error: FastifyError, status: number): string {
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return MESSAGES.invalidJson;
  }
  if (status === 413) return MESSAGES.payloadTooLarge;
  if (status === 415) return 'サポートされていないContent-Typeです';
  if (status === 429) return MESSAGES.rateLimited;
  if (status === 404) return MESSAGES.notFound;
  return MESSAGES.validationFailed;
}

/** When a 429 names no wait of its own, clients are told to wait this long. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * One error shape for the whole API (docs/spec.md §8). Internals never leak on 5xx; every 5xx is
 * logged with the request context.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path:
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          String(error.validationContext ?? ''),
        message: issue.message ?? MESSAGES.validationFailed,
      }));
      // The user reads `message`: it names the field in Japanese, never its internal path
      // (that stays in `details` for API clients).
      const first = error.validation[0];
      const message = first?.message
        ? labelledMessage(first.instancePath.split('/').filter(Boolean), first.message)
        : MESSAGES.validationFailed;
      return reply.status(400).send(body(400, message, { details }));
    }
    if (error instanceof HttpError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      }
      // Every 429 tells the client when to come back (RFC 6585).
      if (error.status === 429 && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
      }
      return reply.status(error.status).send(
        body(error.status, error.message, {
          code: error.code,
          ...(error.details ? { details: error.details } : {}),
        }),
      );
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
      }
      return reply.status(status).send(body(status, messageForFrameworkError(error, status)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(500, MESSAGES.internalError));
  });
}

export const errorHandlerPlugin = fp(async (app) => registerErrorHandler(app), {
  name: 'error-handler',
  fastify: '5.x',
});

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findUnsafeInput, unsafeInputMessage } from '../../shared/safe-input.ts';
import { HttpError } from '../lib/http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own wording for refused input, where its specification fixes one. */
    invalidInputMessage?: string;
  }
}

/**
 * Every route, present and future, refuses NUL characters and over-deep nesting in its params,
 * query and JSON body before its own schema runs: PostgreSQL cannot store U+0000 in text or
 * jsonb, and a record saved with one would fail later, half done.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnsafeInput(value);
      if (found) {
        const message =
          request.routeOptions.config.invalidInputMessage ?? unsafeInputMessage(found);
        throw new HttpError(400, message, {
          code: 'VALIDATION_ERROR',
          details: [{ path: found.path.join('.') || part, message }],
        });
      }
    }
  });
}

export const inputGuardPlugin = fp(async (app) => registerInputGuard(app), {
  name: 'input-guard',
  fastify: '5.x',
  // Its 400 is shaped by the error handler.
  dependencies: ['error-handler'],
});

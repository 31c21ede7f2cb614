import type { ErrorCode } from '../../shared/api-error.ts';
import { codeForStatus } from '../../shared/api-error.ts';
import { MESSAGES } from '../../shared/messages.ts';

/** An error the client is meant to see: status, a stable code and a Japanese message. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: { path: string; message: string }[] | undefined;
  /** Sent as `Retry-After` (seconds) with a 429 or 503. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    message: string,
    options: {
      code?: ErrorCode;
      details?: { path: string; message: string }[];
      cause?: unknown;
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = status;
    this.code = options.code ?? codeForStatus(status);
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const badRequest = (message: string = MESSAGES.validationFailed) =>
  new HttpError(400, message);
export const unauthorized = (message: string = MESSAGES.authenticationRequired) =>
  new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string = MESSAGES.rateLimited) =>
  new HttpError(429, message);
export const insufficientCredits = () =>
  new HttpError(402, MESSAGES.insufficientCredits, { code: 'INSUFFICIENT_CREDITS' });

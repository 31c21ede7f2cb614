/**
 * The one API client (bulletproof-react): adds the bearer token, turns error responses into
 * the error kinds of docs/spec.md §8 and retries once after a token refresh on 401.
 */
export type ApiErrorKind =
  | 'AUTHENTICATION_ERROR'
  | 'VALIDATION_ERROR'
  | 'API_ERROR'
  | 'NETWORK_ERROR'
  | 'STORAGE_ERROR'
  | 'AI_ERROR'
  | 'DATA_ERROR'
  | 'REALTIME_ERROR'
  | 'NOTIFICATIONS_ERROR';

export class ApiError extends Error {
  override name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(kind: ApiErrorKind, message: string, status: number, body?: unknown, code?: string) {
    super(message);
    this.kind = kind;
    this.status = status;
    this.body = body;
    this.code = code;
  }
}

export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
  constructor(message: string, body?: unknown, code?: string) {
    super('AUTHENTICATION_ERROR', message, 401, body, code);
  }
}

export class ValidationError extends ApiError {
  override name = 'ValidationError';
  constructor(message: string, body?: unknown, code?: string) {
    super('VALIDATION_ERROR', message, 400, body, code);
  }
}

/** docs/spec.md §8: message from error.message, then message, then 'HTTP {status}'. */
export function messageFromBody(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const record = body as { error?: unknown; message?: unknown };
    if (record.error && typeof record.error === 'object') {
      const nested = (record.error as { message?: unknown }).message;
      if (typeof nested === 'string' && nested) return nested;
    }
    if (typeof record.message === 'string' && record.message) return record.message;
  }
  return `HTTP ${status}`;
}

export function errorFromResponse(status: number, body: unknown): ApiError {
  const message = messageFromBody(body, status);
  const code =
    body && typeof body === 'object' && (body as { error?: { code?: unknown } }).error?.code
      ? String((body as { error: { code: unknown } }).error.code)
      : undefined;
  if (status === 401) return new AuthenticationError(message, body, code);
  if (status === 400) return new ValidationError(message, body, code);
  return new ApiError('API_ERROR', message, status, body, code);
}

export interface TokenProvider {
  /** A valid access token (refreshed if needed), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Called after a 401 on an authenticated request; resolves true if a retry makes sense. */
  onUnauthorized(): Promise<boolean>;
}

let tokenProvider: TokenProvider | null = null;

export function setTokenProvider(provider: TokenProvider | null): void {
  tokenProvider = provider;
}

/**
 * The shared zod schema of a response (src/shared). Typed by its `parse` alone so that this
 * module never loads zod itself: public pages use the client and stay without it.
 */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Skip the bearer token (sign-in, sign-up, refresh). */
  anonymous?: boolean;
  /** Send this bearer token instead of the user's (the admin area has its own session). */
  token?: string;
  signal?: AbortSignal;
}

/** A request whose answer the browser reads: parsed with the response's shared schema. */
export interface ParsedRequestOptions<T> extends RequestOptions {
  schema: ResponseSchema<T>;
}

/** An answer that does not match the contract: the server and this page are out of step. */
export const UNEXPECTED_RESPONSE =
  'サーバーの応答を読み取れませんでした。ページを再読み込みしてください';

async function send(
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<Response> {
  // Only what fetch understands goes on to it.
  const {
    anonymous: _anonymous,
    token: _token,
    schema: _schema,
    body: _body,
    headers: _headers,
    ...init
  } = options as RequestOptions & { schema?: unknown };
  const headers = new Headers(options.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (token) headers.set('authorization', `Bearer ${token}`);
  try {
    return await fetch(path, { ...init, headers, body });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(
      'NETWORK_ERROR',
      `Network request failed: ${error instanceof Error ? error.message : String(error)}`,
      0,
    );
  }
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function authorizedResponse(path: string, options: RequestOptions): Promise<Response> {
  if (options.token !== undefined) return send(path, options, options.token);
  const useToken = !options.anonymous && tokenProvider !== null;
  let token = useToken ? await tokenProvider!.getAccessToken() : null;
  let response = await send(path, options, token);
  if (response.status === 401 && useToken && token && (await tokenProvider!.onUnauthorized())) {
    token = await tokenProvider!.getAccessToken();
    response = await send(path, options, token);
  }
  return response;
}

/**
 * The one way to call our API. With `schema` the answer is parsed by the response's shared
 * schema and typed by it; without one the caller gets `unknown` (an empty 204, a reply the
 * screen does not read).
 */
export function apiRequest<T>(path: string, options: ParsedRequestOptions<T>): Promise<T>;
export function apiRequest(path: string, options?: RequestOptions): Promise<unknown>;
export async function apiRequest<T>(
  path: string,
  options: RequestOptions & { schema?: ResponseSchema<T> } = {},
): Promise<unknown> {
  const response = await authorizedResponse(path, options);
  const body = await parseBody(response);
  if (!response.ok) throw errorFromResponse(response.status, body);
  if (!options.schema) return body;
  try {
    return options.schema.parse(body);
  } catch (error) {
    // Logged for whoever debugs it; the user gets a message that says what to do.
    console.warn(`Unexpected response from ${path}`, error);
    throw new ApiError('API_ERROR', UNEXPECTED_RESPONSE, response.status, body);
  }
}

/**
 * The raw answer of a request that is not JSON (a file, a stream of server-sent events), after
 * the same token handling; an error answer is thrown as the spec's error kinds.
 */
export async function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  const response = await authorizedResponse(path, options);
  if (!response.ok) throw errorFromResponse(response.status, await parseBody(response));
  return response;
}

/** A file behind the bearer token (a link cannot send it): the bytes as a Blob. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await apiResponse(path, { ...options, method: 'GET' })).blob();
}

type Verb = {
  <T>(path: string, options: ParsedRequestOptions<T>): Promise<T>;
  (path: string, options?: RequestOptions): Promise<unknown>;
};
type VerbWithBody = {
  <T>(path: string, body: unknown, options: ParsedRequestOptions<T>): Promise<T>;
  (path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
};

const withoutBody =
  (method: string): Verb =>
  (path: string, options?: RequestOptions) =>
    apiRequest(path, { ...options, method } as ParsedRequestOptions<unknown>);
const withBody =
  (method: string): VerbWithBody =>
  (path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest(path, { ...options, method, body } as ParsedRequestOptions<unknown>);

export const api = {
  get: withoutBody('GET'),
  post: withBody('POST'),
  patch: withBody('PATCH'),
  put: withBody('PUT'),
  delete: withoutBody('DELETE'),
};

/**
 * For connections the client cannot make through `apiRequest`: the WebSocket handshake and the
 * analytics beacon (`sendBeacon` sets no headers, so the token travels in the body).
 */
export async function currentAccessToken(): Promise<string | null> {
  return tokenProvider ? tokenProvider.getAccessToken() : null;
}

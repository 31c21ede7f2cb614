/**
 * The one API client (bulletproof-react): adds the bearer token, turns error responses into
 * the spec's error kinds (§8) and retries once after a token refresh on 401.
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

/** Spec §8: message from error.message, then message, then 'HTTP {status}'. */
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

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Skip the bearer token (sign-in, sign-up, refresh). */
  anonymous?: boolean;
  signal?: AbortSignal;
}

async function send(
  path: string,
  options: RequestOptions,
  token: string | null,
): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (token) headers.set('authorization', `Bearer ${token}`);
  try {
    return await fetch(path, { ...options, headers, body });
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
  const useToken = !options.anonymous && tokenProvider !== null;
  let token = useToken ? await tokenProvider!.getAccessToken() : null;
  let response = await send(path, options, token);
  if (response.status === 401 && useToken && token && (await tokenProvider!.onUnauthorized())) {
    token = await tokenProvider!.getAccessToken();
    response = await send(path, options, token);
  }
  return response;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await authorizedResponse(path, options);
  const body = await parseBody(response);
  if (!response.ok) throw errorFromResponse(response.status, body);
  return body as T;
}

/** A file behind the bearer token (a link cannot send it): the bytes as a Blob. */
export async function apiBlob(path: string): Promise<Blob> {
  const response = await authorizedResponse(path, { method: 'GET' });
  if (!response.ok) throw errorFromResponse(response.status, await parseBody(response));
  return response.blob();
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** For requests the client cannot make through `apiRequest` (streams read with fetch). */
export async function currentAccessToken(): Promise<string | null> {
  return tokenProvider ? tokenProvider.getAccessToken() : null;
}

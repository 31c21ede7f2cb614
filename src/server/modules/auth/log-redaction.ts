import type { FastifyRequest } from 'fastify';

/**
 * Query parameters that carry credentials: tokens someone may still put in a URL (the client
 * no longer accepts them there), sign-in hand-off codes with their state, and the one-time
 * links of password resets and address confirmations.
 */
const SECRET_PARAMS = new Set([
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'password',
  'code',
  'state',
]);

/** The request URL with every secret query value replaced, for logs. */
export function redactUrlSecrets(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const rawName = separator === -1 ? pair : pair.slice(0, separator);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed escape is logged as sent; it cannot be a parameter we know.
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/**
 * Replaces Fastify's request serializer: same fields, but the URL goes through
 * redactUrlSecrets. Bodies are never logged anywhere.
 */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrlSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

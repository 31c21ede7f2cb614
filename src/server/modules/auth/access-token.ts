import { errors, jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../shared/limits.ts';

/**
 * Access tokens are short-lived HS256 JWTs. The audience separates user tokens from admin
 * tokens, so one can never be used as the other.
 */
export const USER_TOKEN_AUDIENCE = 'faq-kobo:user';
export const ADMIN_TOKEN_AUDIENCE = 'faq-kobo:admin';
const ISSUER = 'faq-kobo';
const ALGORITHM = 'HS256';

export interface AccessTokenClaims {
  sub: string;
  email?: string;
  /** users.token_version when signed (user tokens). */
  tv?: number;
  [claim: string]: unknown;
}

function keyFrom(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(
  secret: string,
  audience: string,
  claims: AccessTokenClaims,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  now = Math.floor(Date.now() / 1000),
): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(keyFrom(secret));
}

export type VerifyResult =
  { ok: true; claims: AccessTokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Only HS256 is accepted: 'none' and every other algorithm are refused. */
export async function verifyAccessToken(
  secret: string,
  audience: string,
  token: string,
): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, keyFrom(secret), {
      algorithms: [ALGORITHM],
      audience,
      issuer: ISSUER,
    });
    if (typeof payload.sub !== 'string' || payload.sub === '')
      return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { ...payload, sub: payload.sub } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

import { z } from 'zod';
import { adminProfileSchema } from '../../../shared/admin.ts';
import {
  apiRequest,
  type ParsedRequestOptions,
  type RequestOptions,
} from '../../lib/api-client.ts';

/**
 * docs/spec.md §3 admin session, kept in the browser under its own key (plus the server's token).
 */
export const ADMIN_SESSION_KEY = 'faq-kobo.admin-session';

/** The profile the server returned at sign-in, with its token. */
const adminSessionSchema = adminProfileSchema.extend({ token: z.string().min(1) });
export type AdminSession = z.infer<typeof adminSessionSchema>;

export function readAdminSession(): AdminSession | null {
  try {
    const raw = localStorage.getItem(ADMIN_SESSION_KEY);
    if (!raw) return null;
    // Anything else in storage (an older shape, an edit by hand) counts as signed out.
    const parsed = adminSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveAdminSession(session: AdminSession | null): void {
  if (session) localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(ADMIN_SESSION_KEY);
}

/** Admin calls carry the admin token, never the user's (and are never refreshed: no refresh). */
export function adminRequest<T>(path: string, options: ParsedRequestOptions<T>): Promise<T>;
export function adminRequest(path: string, options?: RequestOptions): Promise<unknown>;
export function adminRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  return apiRequest(path, {
    ...options,
    token: readAdminSession()?.token ?? '',
  } as ParsedRequestOptions<unknown>);
}

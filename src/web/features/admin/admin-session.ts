import type { AdminProfile } from '../../../shared/admin.ts';
import { apiRequest, type RequestOptions } from '../../lib/api-client.ts';

/** Spec §3 admin session, kept in the browser under its own key (plus the server's token). */
export const ADMIN_SESSION_KEY = 'faq-kobo.admin-session';

export interface AdminSession extends AdminProfile {
  token: string;
}

export function readAdminSession(): AdminSession | null {
  try {
    const raw = localStorage.getItem(ADMIN_SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<AdminSession>;
    return typeof value.token === 'string' && typeof value.username === 'string'
      ? (value as AdminSession)
      : null;
  } catch {
    return null;
  }
}

export function saveAdminSession(session: AdminSession | null): void {
  if (session) localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(session));
  else localStorage.removeItem(ADMIN_SESSION_KEY);
}

/** Admin calls carry the admin token, never the user's. */
export function adminRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const session = readAdminSession();
  const headers = new Headers(options.headers);
  if (session) headers.set('authorization', `Bearer ${session.token}`);
  return apiRequest<T>(path, { ...options, headers, anonymous: true });
}

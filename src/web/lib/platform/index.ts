/**
 * One typed client for the platform services (docs/spec.md §7). Every call raises the
 * api-client's error kinds (§8): AUTHENTICATION_ERROR on 401, VALIDATION_ERROR on 400,
 * API_ERROR with the status otherwise, NETWORK_ERROR when the request never arrived, and the
 * service's own kind (STORAGE_ERROR, AI_ERROR, DATA_ERROR, REALTIME_ERROR, NOTIFICATIONS_ERROR)
 * for failures that are not an HTTP answer. The message is error.message, then message, then
 * 'HTTP {status}'.
 */
export { ai, AiError } from './ai.ts';
export { data } from './data.ts';
export { notifications, NotificationsError } from './notifications.ts';
export { realtime, RealtimeClient, RealtimeError } from './realtime.ts';
export { storage } from './storage.ts';
export { currentProjectId } from './project.ts';
export { ApiError, AuthenticationError, ValidationError } from '../api-client.ts';

import {
  sendEmailResponseSchema,
  type SendEmailRequest,
  type SendEmailResponse,
} from '../../../shared/notifications.ts';
import { ApiError, apiRequest } from '../api-client.ts';
import { platformPath } from './project.ts';

export class NotificationsError extends ApiError {
  override name = 'NotificationsError';
  constructor(message: string, status = 0) {
    super('NOTIFICATIONS_ERROR', message, status);
  }
}

/**
 * The notifications API (docs/spec.md §7): e-mail for operators. It needs an admin token; the
 * server refuses anyone else, so this is never an open relay.
 */
export const notifications = {
  async email(request: SendEmailRequest, adminToken: string): Promise<SendEmailResponse> {
    const result = await apiRequest(await platformPath('notifications', 'email'), {
      method: 'POST',
      body: request,
      token: adminToken,
      schema: sendEmailResponseSchema,
    });
    if (result.ids.length === 0) throw new NotificationsError('メールを受け付けられませんでした');
    return result;
  },
};

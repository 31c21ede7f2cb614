import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralSummarySchema } from '../../../shared/referrals.ts';
import { HttpError } from '../../lib/http-error.ts';
import { currentUser } from '../../plugins/auth-guard.ts';
import { referralSummary } from './referral-summary.ts';
import { ensureReferralCode } from './referrals.service.ts';

export const referralsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/referrals',
    { preHandler: app.requireUser, schema: { response: { 200: referralSummarySchema } } },
    async (request) => referralSummary(app.db, app.config, currentUser(request).id),
  );

  app.post(
    '/referrals',
    { preHandler: app.requireUser, schema: { response: { 200: referralSummarySchema } } },
    async (request) => {
      const userId = currentUser(request).id;
      try {
        await ensureReferralCode(app.db, userId);
      } catch (error) {
        request.log.error({ err: error }, 'referral code creation failed');
        throw new HttpError(500, '紹介リンクの作成に失敗しました');
      }
      return referralSummary(app.db, app.config, userId);
    },
  );
};

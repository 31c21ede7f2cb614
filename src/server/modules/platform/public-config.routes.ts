import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema, type PublicConfig } from '../../../shared/public-config.ts';
import type { Config } from '../../config.ts';

/** What the browser may know of the server's settings (also filled into pre-rendered pages). */
export function publicConfigOf(config: Config): PublicConfig {
  return {
    brandName: config.BRAND_NAME,
    projectId: config.PROJECT_ID,
    environment: config.NODE_ENV,
    supportEmail: config.SUPPORT_EMAIL,
    seller: {
      name: config.SELLER_NAME,
      representative: config.SELLER_REPRESENTATIVE,
      address: config.SELLER_ADDRESS,
      phone: config.SELLER_PHONE,
      email: config.SUPPORT_EMAIL,
    },
  };
}

export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/config',
    { schema: { response: { 200: publicConfigSchema } } },
    async (): Promise<PublicConfig> => publicConfigOf(app.config),
  );
};

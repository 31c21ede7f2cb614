import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from './http-error.ts';

/** `{project}` in the platform API paths (docs/spec.md §7): only our configured project exists. */
export const projectParamsSchema = z.object({ project: z.string().min(1).max(100) });

/** preHandler: another project id is a 404, as if the path did not exist. */
export function requireProject(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const { project } = request.params as { project?: string };
    if (project !== app.config.PROJECT_ID) throw notFound();
  };
}

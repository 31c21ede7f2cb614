import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { PRUNE_AFTER_MS, pruneRateLimits } from '../../lib/rate-limiter.ts';
import { removeExpiredDrafts } from '../generation/generation.cleanup.ts';
import type { GenerationEvents } from '../generation/generation-events.ts';
import { generationJobs } from '../generation/generation.jobs.ts';
import type { PageRenderer } from '../ingestion/browser-render.ts';
import type { MailDelivery } from '../notifications/outbox.ts';
import type { JobDefinition, JobQueue, JobSchedule } from './job-queue.ts';

export const CLEANUP_DRAFTS_QUEUE = 'cleanup-drafts';
export const CLEANUP_RATE_LIMITS_QUEUE = 'cleanup-rate-limits';

export interface BackgroundJobDeps {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  mail: MailDelivery;
  renderer: PageRenderer;
  jobs: JobQueue;
  events: GenerationEvents;
}

/** Cleanups run once per occurrence across every process; a missed one (all down) runs once. */
const cleanupOptions = { policy: 'singleton', retryLimit: 3, retryDelay: 60 } as const;

/** Every queue the app works, and the schedules that feed the cleanups. */
export function backgroundJobs(deps: BackgroundJobDeps): {
  definitions: JobDefinition[];
  schedules: JobSchedule[];
} {
  const definitions: JobDefinition[] = [
    ...generationJobs(deps),
    deps.mail.job as JobDefinition,
    {
      name: CLEANUP_DRAFTS_QUEUE,
      options: cleanupOptions,
      handler: async () => {
        const removed = await removeExpiredDrafts(deps.db);
        if (removed.drafts > 0 || removed.keys > 0)
          deps.log.info(removed, 'expired drafts and idempotency keys removed');
      },
    },
    {
      name: CLEANUP_RATE_LIMITS_QUEUE,
      options: cleanupOptions,
      handler: async () => {
        await pruneRateLimits(deps.db, new Date(Date.now() - PRUNE_AFTER_MS));
      },
    },
  ];
  return {
    definitions,
    schedules: [
      { name: CLEANUP_DRAFTS_QUEUE, cron: '15 4 * * *' },
      { name: CLEANUP_RATE_LIMITS_QUEUE, cron: '5 * * * *' },
    ],
  };
}

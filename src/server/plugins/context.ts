import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { PageRenderer } from '../modules/ingestion/browser-render.ts';
import { GenerationEvents } from '../modules/generation/generation-events.ts';
import { backgroundJobs } from '../modules/jobs/background-jobs.ts';
import { JobQueue } from '../modules/jobs/job-queue.ts';
import { MailDelivery } from '../modules/notifications/outbox.ts';
import { createStorage } from '../modules/storage/create-storage.ts';
import type { StorageBackend } from '../modules/storage/storage-backend.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
    jobs: JobQueue;
    generationEvents: GenerationEvents;
    mail: MailDelivery;
    renderer: PageRenderer;
    storage: StorageBackend;
  }
}

export interface AppContextOptions {
  config: Config;
  database: DatabaseHandle;
}

/**
 * What every other plugin and module uses: the configuration, the database, the job queue,
 * mail delivery, the page renderer and file storage, closed in order when the app closes. The
 * queue starts when the app is ready and stops first at close, letting running jobs finish
 * within JOB_SHUTDOWN_GRACE_MS.
 */
async function appContext(app: FastifyInstance, options: AppContextOptions): Promise<void> {
  const { config, database } = options;
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  const jobs = new JobQueue(database, app.log);
  app.decorate('jobs', jobs);
  const generationEvents = new GenerationEvents(database, app.log);
  app.decorate('generationEvents', generationEvents);
  app.decorate('mail', new MailDelivery(config, database, app.log, jobs));
  // Chromium starts on the first JavaScript-only page, not before.
  app.decorate('renderer', new PageRenderer(config.CHROMIUM_PATH.trim() || undefined, app.log));
  app.decorate('storage', createStorage(config));
  app.addHook('onReady', async () => {
    await generationEvents.start();
    const { definitions, schedules } = backgroundJobs({
      db: app.db,
      config: app.config,
      log: app.log,
      mail: app.mail,
      renderer: app.renderer,
      jobs,
      events: generationEvents,
    });
    await jobs.start(definitions, schedules);
  });
  app.addHook('onClose', async () => {
    await jobs.stop(config.JOB_SHUTDOWN_GRACE_MS);
    await generationEvents.stop();
    app.storage.close?.();
    // Mail not yet sent stays queued for another process or the next start: no drain here.
    app.mail.close();
    await app.renderer.close();
  });
}

export const appContextPlugin = fp(appContext, { name: 'app-context', fastify: '5.x' });

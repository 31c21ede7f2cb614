import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { PageRenderer } from '../modules/ingestion/browser-render.ts';
import { MailDelivery } from '../modules/notifications/outbox.ts';
import { createStorage } from '../modules/storage/create-storage.ts';
import type { StorageBackend } from '../modules/storage/storage-backend.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    database: DatabaseHandle;
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
 * What every other plugin and module uses: the configuration, the database, mail delivery,
 * the page renderer and file storage, closed in order when the app closes.
 */
async function appContext(app: FastifyInstance, options: AppContextOptions): Promise<void> {
  const { config, database } = options;
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mail', new MailDelivery(config, database.db, app.log));
  // Chromium starts on the first JavaScript-only page, not before.
  app.decorate('renderer', new PageRenderer(config.CHROMIUM_PATH.trim() || undefined, app.log));
  app.decorate('storage', createStorage(config));
  app.addHook('onClose', async () => {
    app.storage.close?.();
    await app.mail.drain();
    app.mail.close();
    await app.renderer.close();
  });
}

export const appContextPlugin = fp(appContext, { name: 'app-context', fastify: '5.x' });

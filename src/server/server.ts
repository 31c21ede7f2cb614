import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/client.ts';

async function main(): Promise<void> {
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  // WEB_DIR lets parallel test runs serve their own build; production uses dist/web.
  const app = await buildApp({ config, database, webDir: process.env.WEB_DIR || undefined });

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting requests and taking jobs, let in-flight ones finish (jobs within
    // JOB_SHUTDOWN_GRACE_MS, the rest go back to the queue), then close the database.
    const forceExit = setTimeout(() => process.exit(1), config.JOB_SHUTDOWN_GRACE_MS + 5_000);
    forceExit.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `${config.BRAND_NAME} を起動しました: ${config.publicUrl} （データベース: ${database.kind}）`,
  );
}

main().catch((error: unknown) => {
  console.error('起動に失敗しました:', error);
  process.exit(1);
});

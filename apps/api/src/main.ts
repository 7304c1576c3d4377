import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDemoData } from './db/seed/demo.ts';
import { startMailWorker } from './mail/worker.ts';

const WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

function fail(message: string): never {
  console.error(`\nPractice Portal could not start.\n${message}\n`);
  process.exit(1);
}

async function start(config: Config) {
  let database: Database;
  try {
    database = await openDatabase(config.database);
  } catch (error) {
    fail(`The database could not be opened: ${(error as Error).message}`);
  }
  try {
    await migrateDatabase(database);
  } catch (error) {
    fail((error as Error).message);
  }
  if (config.demoData) await seedDemoData(database);

  const webBuilt = existsSync(path.join(WEB_ROOT, 'index.html'));
  const app = await buildApp({ config, database, web: webBuilt ? { root: WEB_ROOT } : undefined });
  if (!webBuilt) {
    app.log.warn(
      `The web app is not built (${WEB_ROOT}): serving the api only. Run npm run build.`,
    );
  }
  const worker = config.smtpUrl
    ? startMailWorker({ database, smtpUrl: config.smtpUrl, logger: app.log })
    : undefined;

  await app.listen({ port: config.port, host: config.listenHost });
  app.log.info(
    { url: config.publicUrl.origin, database: config.database.kind, demoData: config.demoData },
    'Practice Portal is running',
  );

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await worker?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
await start(config).catch((error: unknown) => fail((error as Error).stack ?? String(error)));

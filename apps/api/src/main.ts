import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createIdentityProvider, type IdentityProvider } from '@pp/idp';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { DEMO_PASSWORD, seedDemoData } from './db/seed/demo.ts';
import { startMailWorker } from './mail/worker.ts';

const WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Where to open the portal and, in development, how to sign in. */
function startBanner(config: Config): string {
  const origin = config.publicUrl.origin;
  const lines = [`\n  Practice Portal: ${origin}`];
  if (config.oidc.embedded) lines.push(`  Sign-in (embedded provider): ${config.oidc.issuer}`);
  if (config.demoData) {
    lines.push(
      `  Demo sign-in: clara.wolf@example.com / ${DEMO_PASSWORD} (also anna.sommer, ben.krause, david.markt)`,
    );
  }
  if (config.mailbox) lines.push(`  Mailbox: ${origin}/dev/mailbox`);
  return `${lines.join('\n')}\n\n`;
}

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
    ? startMailWorker({
        database,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        logger: app.log,
      })
    : undefined;

  let idp: IdentityProvider | undefined;
  if (config.oidc.embedded) {
    idp = await createIdentityProvider({
      db: database.db,
      issuer: config.oidc.issuer,
      client: { clientId: config.oidc.clientId, webOrigin: config.publicUrl.origin },
      audience: config.oidc.audience,
      apiScope: config.oidc.apiScope,
      ...(config.imprintUrl ? { imprintUrl: config.imprintUrl } : {}),
      ...(config.privacyUrl ? { privacyUrl: config.privacyUrl } : {}),
      logger: app.log,
      // The provider trusts X-Forwarded-For only when every peer is a trusted proxy; with an
      // address list it keys its throttle by the peer (stricter, never spoofable).
      trustProxy: config.trustProxy === true,
    });
    // On this machine only, reached as localhost or 127.0.0.1 (both resolve to the IPv4 loopback).
    await idp.listen(config.oidc.idpPort, config.loopback ? '127.0.0.1' : config.listenHost);
  }

  await app.listen({ port: config.port, host: config.listenHost });
  app.log.info(
    { url: config.publicUrl.origin, database: config.database.kind, demoData: config.demoData },
    'Practice Portal is running',
  );
  process.stdout.write(startBanner(config));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await worker?.stop();
    await app.close();
    await idp?.close();
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

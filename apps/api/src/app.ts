import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { API_BASE } from '@pp/contract';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { createTokenVerifier, type TokenVerifier } from './lib/token-verifier.ts';
import { loggerOptions } from './lib/logger.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, sendNotFound } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin, type WebOptions } from './plugins/web.ts';
import { mailboxPlugin } from './mail/mailbox.ts';
import { devOnlyPlugin } from './plugins/dev-only.ts';
import atest from './routes/atest.ts';
import atestCreateUser from './routes/atest-create-user.ts';
import getCustomerData from './routes/customer/get-customer-data.ts';
import getPicklists from './routes/customer/get-picklists.ts';
import lifetime from './routes/lifetime.ts';
import portalConfiguration from './routes/portal-configuration.ts';
import rights from './routes/rights.ts';
import utility from './routes/utility.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Defaults to a verifier of `config.oidc.issuer`. */
  verifier?: TokenVerifier;
  /** Where logs go (tests capture them); defaults to stdout. */
  logStream?: DestinationStream;
  /** The built web app; absent in api-only tests. */
  web?: WebOptions;
}

export const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 200 },
  });
  // JSON only: any other body answers 415 (Fastify also parses text/plain by default).
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);

  await app.register(errorsPlugin);
  await app.register(securityPlugin, {
    issuerOrigin: new URL(config.oidc.issuer).origin,
    hsts: true,
  });
  await app.register(rateLimitPlugin, { database, redisUrl: config.redisUrl });
  await app.register(authPlugin, {
    verifier:
      options.verifier ??
      createTokenVerifier({ issuer: config.oidc.issuer, audience: config.oidc.audience }),
  });
  await app.register(openapiPlugin, { serverUrl: `${config.publicUrl.origin}${API_BASE}` });

  await app.register(lifetime);
  await app.register(portalConfiguration);
  await app.register(rights);
  await app.register(utility);
  await app.register(getCustomerData);
  await app.register(getPicklists);
  if (config.testEndpoints || config.mailbox) {
    await app.register(devOnlyPlugin, { hostname: config.publicUrl.hostname });
  }
  if (config.testEndpoints) {
    await app.register(atest);
    await app.register(atestCreateUser);
  }
  if (config.mailbox) await app.register(mailboxPlugin);

  if (options.web) {
    await app.register(webPlugin, options.web);
  } else {
    app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
  }
  return app;
}

import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { API_BASE, FieldErrorCode } from '@pp/contract';
import { logoOrigins } from './config/web.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { LinkKeys } from './lib/mail-links/link-keys.ts';
import { newsletterLinkKeysOf } from './lib/preferences/newsletter-link-keys.ts';
import { endedSessionCheck } from './lib/tokens/ended-sessions.ts';
import { createTokenVerifier, type TokenVerifier } from './lib/tokens/token-verifier.ts';
import { answerClientError, bareProblem } from './lib/http/bare-answers.ts';
import { limitJsonNesting } from './lib/http/json-nesting.ts';
import { loggerOptions, requestLine, requestLogger } from './lib/logging/logger.ts';
import { serverTimeouts } from './lib/http/server-timeouts.ts';
import { trustProxyOption } from './lib/http/trust-proxy.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorsPlugin, sendNotFound } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { overloadPlugin } from './plugins/overload.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { writeLimitPlugin } from './plugins/write-limit.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin, type WebOptions } from './plugins/web.ts';
import { mailboxPlugin } from './non-api-routes/mailbox.ts';
import { newsletterPagesPlugin } from './non-api-routes/newsletter/routes.ts';
import webConfiguration from './non-api-routes/web-configuration.ts';
import { authorizationPlugin } from './plugins/authorization.ts';
import { identityAdministrationOf } from './identity/select.ts';
import { housekeepingPlugin } from './plugins/housekeeping.ts';
import { crmPlugin } from './plugins/crm.ts';
import type { CrmConnector } from './crm-sync/connector.ts';
import { identityPlugin } from './plugins/identity.ts';
import { devOnlyPlugin } from './plugins/dev-only.ts';
import { drainingPlugin } from './plugins/draining.ts';
import { API_ROUTES, loadRoutes, TEST_ENDPOINT_ROUTES } from './routing/load-routes.ts';
import type { PortalMetrics } from './management/metrics.ts';
import { observePortal, refuseManagementPaths } from './management/public-port.ts';
import type { Telemetry } from './telemetry/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** The unsubscribe links' keys: the configured ones, or the database's (decision 0098). */
    newsletterLinkKeys: LinkKeys;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Defaults to a verifier of `config.oidc.issuer`. */
  verifier?: TokenVerifier;
  /** Where logs go (tests capture them); defaults to stdout. */
  logStream?: DestinationStream;
  /** The connected CRM (decision 0061); absent or null: none, the portal's tables are the record. */
  crm?: CrmConnector | null;
  /** The built web app; absent in api-only tests. */
  web?: WebOptions;
  /** The metrics the management port serves (the provider adds to them too); absent: its own. */
  metrics?: PortalMetrics;
  /** Tracing, when an OTLP endpoint is set (`startTelemetry`); absent: no spans, no hooks. */
  telemetry?: Telemetry;
}

export const BODY_LIMIT_BYTES = 64 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream, options.telemetry !== undefined),
    // One line per request, written when it is answered (see the onResponse hook below).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    ...serverTimeouts(config.requestTimeoutSeconds),
    // Requests refused before routing still answer with a problem and the security headers.
    clientErrorHandler: answerClientError,
    frameworkErrors: (_error, _request, reply) => {
      const { body, headers } = bareProblem(400, { field: 'path', code: FieldErrorCode.invalid });
      reply.raw.writeHead(400, headers).end(body);
    },
    trustProxy: trustProxyOption(config.trustProxy),
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 200 },
  });
  // JSON only: any other body answers 415 (Fastify also parses text/plain by default).
  app.removeContentTypeParser('text/plain');
  limitJsonNesting(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('newsletterLinkKeys', await newsletterLinkKeysOf(config, database.db));
  // First, so that every hook and route after it runs inside the call's span.
  if (options.telemetry) await app.register(options.telemetry.requestSpans);
  observePortal(app, options.metrics);

  const requests = requestLogger(config.logLevel, options.logStream, !!options.telemetry);
  app.addHook('onResponse', (request, reply, done) => {
    requests.info(requestLine(request, reply.statusCode, reply.elapsedTime), 'request');
    done();
  });
  // Answers above 1 KiB are compressed (brotli or gzip, by Accept-Encoding); request bodies are
  // never decompressed, so the 64 KiB body limit holds for what the parser sees (issue 13).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  await app.register(drainingPlugin);
  await app.register(errorsPlugin);
  await app.register(overloadPlugin, config.overload);
  await app.register(securityPlugin, {
    issuerOrigin: new URL(config.oidc.issuer).origin,
    hsts: true,
    imageOrigins: logoOrigins(config),
    logoPath: config.logoUrl?.startsWith('/')
      ? new URL(config.logoUrl, config.publicUrl).pathname
      : undefined,
  });
  await app.register(rateLimitPlugin, { database, redisUrl: config.redisUrl });
  await app.register(authPlugin, {
    verifier:
      options.verifier ??
      createTokenVerifier({
        issuer: config.oidc.issuer,
        audience: config.oidc.audience,
        provider: config.oidc.provider,
        clientId: config.oidc.clientId,
        apiScope: config.oidc.apiScope,
        maxLifetimeSeconds: config.oidc.accessTokenMaxMinutes * 60,
      }),
    // Only the embedded provider lists its ended sessions.
    sessionEnded: config.oidc.embedded ? endedSessionCheck(database.db) : undefined,
  });
  await app.register(writeLimitPlugin, { perHour: config.accountWritesPerHour });
  await app.register(authorizationPlugin);
  await app.register(identityPlugin, {
    administration: identityAdministrationOf(config),
  });
  await app.register(housekeepingPlugin);
  await app.register(crmPlugin, { crm: options.crm ?? null, operatorToken: config.operatorToken });
  await app.register(openapiPlugin, { serverUrl: `${config.publicUrl.origin}${API_BASE}` });

  for (const route of await loadRoutes(API_ROUTES)) route.register(app);
  await app.register(webConfiguration);
  await app.register(newsletterPagesPlugin);
  if (config.testEndpoints || config.mailbox) {
    await app.register(devOnlyPlugin, { hostname: config.publicUrl.hostname });
  }
  if (config.testEndpoints) {
    for (const route of await loadRoutes(TEST_ENDPOINT_ROUTES)) route.register(app);
  }
  if (config.mailbox) await app.register(mailboxPlugin);
  refuseManagementPaths(app);

  if (options.web) {
    await app.register(webPlugin, options.web);
  } else {
    app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
  }
  return app;
}

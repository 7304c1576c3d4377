import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountPageRoutes } from '../forms/routes.ts';
import { interactionRoutes } from '../interaction/routes.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import { plainQueries } from './control-characters.ts';
import { errorPageHandler } from './error-page.ts';
import { forwardedHeaders } from './forwarded-headers.ts';
import { mountProvider } from './mount-provider.ts';
import { securityHeaders } from './security-headers.ts';
import { staticAssets } from './static-assets.ts';

export interface AppDeps extends InteractionDeps {
  /** oidc-provider's request listener, for the current keys. */
  providerCallback(): (request: IncomingMessage, response: ServerResponse) => unknown;
}

/**
 * The provider's HTTP server (decision 0016): our pages and their files, and oidc-provider for
 * every other path. The security headers, the issuer's host and the proxy decision apply to every
 * answer, and the server's timeouts to every request (decision 0022).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { options } = deps;
  const app = Fastify({
    ...options.serverTimeouts,
    trustProxy: options.trustProxy ?? false,
    // close() also ends kept-alive connections, so a stopped provider lets go of its port.
    forceCloseConnections: true,
  });
  app.setErrorHandler(errorPageHandler(options));
  await app.register(securityHeaders, {
    webOrigin: options.client.webOrigin,
    logoUrl: options.logoUrl,
  });
  await app.register(forwardedHeaders, { issuer: options.issuer });
  await app.register(plainQueries);
  await app.register(staticAssets);
  await app.register(interactionRoutes, deps);
  await app.register(accountPageRoutes, deps);
  await app.register(mountProvider, { callback: deps.providerCallback });
  return app;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { accountPageRoutes } from '../forms/routes.ts';
import { interactionRoutes } from '../interaction/routes.ts';
import type { InteractionDeps } from '../interaction/types.ts';
import { plainQueries } from './control-characters.ts';
import { errorPageHandler } from './error-page.ts';
import { forwardedHeaders } from './forwarded-headers.ts';
import { mountProvider } from './mount-provider.ts';
import { payloadScopeHooks } from '../provider/payload-versions.ts';
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
  // Each request saves sessions and interactions over the versions it read (decision 0053).
  payloadScopeHooks(app);
  // Our pages over 1 KiB go out compressed (brotli or gzip, by Accept-Encoding); the files,
  // compressed once at start, pass as they are; request bodies are never decompressed (issue 13).
  // A page's form token is bound to an interaction whose address an attacker cannot know, so no
  // page reflects a guess beside a secret it could learn from the size (decision 0043).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
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

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import { sendNotFound } from './errors.ts';
import { isSignInCallback, manifestReader, pageLinks } from './web-preload.ts';

export interface WebOptions {
  /** Folder of the built web app (`apps/web/dist`). */
  root: string;
}

/** Vite's output names (`apps/web/vite.config.ts`): `/assets/<name>-<8-character hash>.<ext>`. */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[A-Za-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An empty segment (`//`), or a `.` or `..` segment, also percent-encoded. */
const NOT_CANONICAL = /\/\/|\/(?:\.|%2e){1,2}(?:\/|$)/i;
const REVALIDATE = 'no-cache';
/** The copies the web build writes beside its text files (scripts/compress-assets.mjs). */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

/**
 * The public accessibility statement (apps/web/src/components/navigation/statement-path.ts,
 * decision 0080): its page settles no session, so nothing of the provider's is fetched there.
 */
const STATEMENT_PATH = '/accessibility';

/** A page of the single-page app: GET or HEAD of a path without a file extension, outside api and assets. */
function isAppRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const urlPath = request.url.split('?')[0] ?? '/';
  if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/assets/')) {
    return false;
  }
  return path.posix.extname(urlPath) === '';
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else (`index.html`,
 * translations, the silent-callback page) revalidated on every use, and every route of the
 * single-page app answered with `index.html`. Anything else unknown is the 404 problem. Text
 * files go out as the build's brotli or gzip copies when the browser accepts them.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: WebOptions) => {
    const root = path.resolve(options.root);
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request (a rebuilt `dist` is served without a restart);
      // @fastify/static never serves anything outside `root`.
      wildcard: true,
      index: false,
      serveDotFiles: false,
      cacheControl: false,
      // `x.js.br` or `x.js.gz` instead of `x.js` when the browser accepts it and the copy exists
      // (looked up per request as well); `Vary: Accept-Encoding` either way.
      preCompressed: true,

      setHeaders(reply, filePath) {
        const served = path.relative(root, filePath).split(path.sep).join('/');
        const urlPath = `/${served.replace(COMPRESSED_COPY, '')}`;
        void reply.header('cache-control', HASHED_ASSET.test(urlPath) ? IMMUTABLE : REVALIDATE);
      },
    });

    // Nothing below /api is a file, and neither is a path the file server would refuse as not
    // canonical (`//`, `/./`, `/../`): both get the not-found answer, never the file server's 403.
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.url !== '/*') return;
      const urlPath = request.url.split('?')[0] ?? '/';
      if (urlPath === '/api' || urlPath.startsWith('/api/') || NOT_CANONICAL.test(urlPath)) {
        return sendNotFound(reply);
      }
    });

    // The app's page names what its scripts will ask for first (web-preload.ts, decision 0087).
    const appFiles = manifestReader(root);
    const { issuer } = app.config.oidc;
    const portalOrigin = app.config.publicUrl.origin;
    const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      if (urlPath !== STATEMENT_PATH) {
        const callback = isSignInCallback(request.url);
        const links = pageLinks(issuer, portalOrigin, callback, callback ? appFiles() : undefined);
        void reply.header('link', links.join(', '));
      }
      return reply.sendFile('index.html');
    };

    // The root is the app's page too (a directory listing or index lookup would be refused).
    app.get('/', { schema: { hide: true } }, sendPage);

    app.setNotFoundHandler((request, reply) => {
      if (!isAppRoute(request)) return sendNotFound(reply);
      return sendPage(request, reply);
    });
  },
  { name: 'web', dependencies: ['errors'] },
);

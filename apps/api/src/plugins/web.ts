import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import path from 'node:path';
import { API_BASE } from '@pp/contract';
import { sendNotFound } from './errors.ts';

export interface WebOptions {
  /** Folder of the built web app (`apps/web/dist`). */
  root: string;
}

const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|svg|png)$/;

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and every route of the single-page app answered with `index.html`.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: WebOptions) => {
    await app.register(fastifyStatic, {
      root: path.resolve(options.root),
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const relative = `/${path.relative(options.root, filePath).split(path.sep).join('/')}`;
        void reply.header(
          'cache-control',
          HASHED_ASSET.test(relative) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });

    app.setNotFoundHandler((request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !urlPath.startsWith(`${API_BASE}/`) &&
        urlPath !== API_BASE &&
        !urlPath.startsWith('/assets/') &&
        !path.extname(urlPath);
      if (!isPage) return sendNotFound(reply);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);

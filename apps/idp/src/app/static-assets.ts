import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ASSET_FILES, ASSETS_DIR } from '../pages/assets.ts';

/**
 * The pages' stylesheet and sign-out script under content-addressed names, so browsers keep them
 * for a year without asking again; and an empty answer for the favicon.
 */
export async function staticAssets(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: ASSETS_DIR,
    // Only the files routed below: the folder also holds the pages' sources.
    serve: false,
    maxAge: '365d',
    immutable: true,
    setHeaders: (reply, path) => {
      // @fastify/send still names the older `application/javascript`.
      if (path.endsWith('.js')) void reply.header('content-type', 'text/javascript; charset=utf-8');
    },
  });
  for (const [path, file] of Object.entries(ASSET_FILES)) {
    app.get(path, (_request, reply) => reply.sendFile(file));
  }
  // Browsers ask for it on every page; no icon, and no 404 in their console.
  app.get('/favicon.ico', (_request, reply) =>
    reply.code(204).header('cache-control', 'public, max-age=86400').send(),
  );
}

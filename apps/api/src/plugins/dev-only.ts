import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE } from '@pp/contract';
import { sendNotFound } from './errors.ts';

const DEV_ONLY = [`${API_BASE}/ATest/`, '/dev/'];

/**
 * The development mailbox and the test calls answer only requests addressed to PUBLIC_URL's
 * host: a page of another site that rebinds its name to 127.0.0.1 cannot reach them.
 */
export const devOnlyPlugin = fp(
  async (app: FastifyInstance, options: { hostname: string }) => {
    const expected = options.hostname.toLowerCase();
    app.addHook('onRequest', async (request, reply) => {
      if (!DEV_ONLY.some((prefix) => request.url.startsWith(prefix))) return;
      const hostname = new URL(`http://${request.headers.host ?? 'invalid'}`).hostname;
      if (hostname.toLowerCase() !== expected) return sendNotFound(reply);
    });
  },
  { name: 'dev-only', dependencies: ['errors'] },
);

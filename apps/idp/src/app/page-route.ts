import type { FastifyInstance } from 'fastify';
import { allowOnly } from './allow-only.ts';
import { pageHandler, type PageStep } from './sent.ts';

/**
 * One of our pages at `url`: a step per method it serves (each answering `Sent`), and 405 with
 * `Allow` for every other method.
 */
export function pageRoute(
  app: FastifyInstance,
  url: string,
  steps: { GET?: PageStep; POST?: PageStep },
): void {
  const served: ('GET' | 'POST')[] = [];
  for (const method of ['GET', 'POST'] as const) {
    const step = steps[method];
    if (!step) continue;
    app.route({ method, url, handler: pageHandler(step) });
    served.push(method);
  }
  allowOnly(app, url, served);
}

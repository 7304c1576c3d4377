import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_BASE, calls, ErrorCode, PROBLEM_CONTENT_TYPE } from '@pp/contract';
import { problem } from '../lib/http/problem.ts';

export interface OverloadLimits {
  /** Event-loop delay above which requests are shed (ms); 0 turns the check off. */
  maxEventLoopDelayMs: number;
  /** Heap in use above which requests are shed (MiB); 0 turns the check off. */
  maxHeapMiB: number;
}

const RETRY_AFTER_SECONDS = 2;
const IS_ALIVE = `${API_BASE}${calls.lifetimeIsAlive.path}`;

/**
 * Only the api's calls are shed (issue 22, point 5; decision 0055). Files (the app's code,
 * translations, `/silent-callback.html`, `/version.json`) and the web configuration cost no
 * database work, and a tab that misses one of them right after sign-in is broken, not merely
 * slowed; liveness stays answered, so a balancer does not take a busy but healthy instance out
 * of rotation.
 */
function mayShed(url: string): boolean {
  const urlPath = url.split('?')[0] ?? '/';
  if (urlPath !== '/api' && !urlPath.startsWith('/api/')) return false;
  return urlPath !== IS_ALIVE;
}

/**
 * Sheds load when the process is saturated (issue 16): a 503 problem with Retry-After at once,
 * instead of every request queueing until it times out.
 */
export const overloadPlugin = fp(
  async (app: FastifyInstance, limits: OverloadLimits) => {
    await app.register(underPressure, {
      maxEventLoopDelay: limits.maxEventLoopDelayMs,
      maxHeapUsedBytes: limits.maxHeapMiB * 1024 * 1024,
      sampleInterval: 100,
      exposeStatusRoute: false,
      pressureHandler: (request, reply, type, value) => {
        if (!mayShed(request.url)) return;
        // A sampling window that ended without one sample of the loop's delay (the loop was busy
        // with one slow task after another, e.g. statements of the embedded database) reads as an
        // infinite delay: nothing was measured, so nothing is shed (second probe, finding 7).
        if (type === 'eventLoopDelay' && !Number.isFinite(value)) return;
        request.log.warn({ type, value }, 'shedding load');
        request.server.metrics.loadShed.inc({ reason: type });
        void reply
          .code(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store')
          .type(PROBLEM_CONTENT_TYPE)
          .send(problem(503, ErrorCode.unavailable));
      },
    });
  },
  { name: 'overload' },
);

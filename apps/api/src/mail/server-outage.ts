import type { FastifyBaseLogger } from 'fastify';

/**
 * The SMTP server being unreachable, as one worker sees it: one warning when it goes away and one
 * line when it is back (not one per mail), and the pause before trying it again, doubling from
 * `retryBaseMs` up to `retryMaxMs`.
 */
export function createServerOutage(
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  retryBaseMs: number,
  retryMaxMs: number,
) {
  let since: number | undefined;
  let tries = 0;
  return {
    failed(reason: string): void {
      tries += 1;
      if (since !== undefined) return;
      since = Date.now();
      logger.warn({ reason }, 'mail server unavailable');
    },
    reached(): void {
      if (since === undefined) return;
      logger.info({ seconds: (Date.now() - since) / 1000, tries }, 'mail server available again');
      since = undefined;
      tries = 0;
    },
    /** How long to wait before the next try; undefined while the server is reachable. */
    pauseMs(): number | undefined {
      if (since === undefined) return undefined;
      return Math.min(retryBaseMs * 2 ** (tries - 1), retryMaxMs);
    },
  };
}

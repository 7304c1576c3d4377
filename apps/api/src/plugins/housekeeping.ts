import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepExpiredInvitees } from '../lib/employees/sweep.ts';
import { sweepExpiredRequests } from '../lib/practices/sent-requests.ts';
import { applyRetention } from '../lib/retention/retention.ts';

const EVERY_MS = 10 * 60_000;

/** Periodic clean-ups every instance may run (each is idempotent). */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance) => {
    const timer = setInterval(() => {
      sweepExpiredInvitees(app.db)
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'customers of expired invitations removed');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'invitation sweep failed'));
      sweepExpiredRequests(app.db)
        .then((ended) => {
          if (ended > 0) app.log.info({ ended }, 'requests to join lapsed');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'request sweep failed'));
      applyRetention(app.db, app.config.retention)
        .then((removed) => {
          if (Object.values(removed).some((count) => count > 0)) {
            app.log.info({ removed }, 'retention removed what is past its period');
          }
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'retention failed'));
    }, EVERY_MS).unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'housekeeping' },
);

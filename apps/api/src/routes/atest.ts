import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calls } from '@pp/contract';
import { customers } from '../db/schema.ts';
import { registerCall } from './register-call.ts';

/** Test endpoint: registered only with ENABLE_TEST_ENDPOINTS (never in production). */
export default async function atest(app: FastifyInstance) {
  registerCall(
    app,
    calls.atestUsers,
    async (request) => {
      const mail = request.query.mail;
      if (mail === undefined || mail === '') return false;
      const [row] = await app.db
        .select({ id: customers.id })
        .from(customers)
        .where(sql`lower(${customers.email}) = lower(${mail})`);
      return row !== undefined;
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
}

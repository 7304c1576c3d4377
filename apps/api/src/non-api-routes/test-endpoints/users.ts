import { eq } from 'drizzle-orm';
import { calls, normalizeEmail } from '@pp/contract';
import { customers } from '../../db/schema.ts';
import { defineRoute } from '../../routing/route.ts';

/** Test endpoint: registered only with ENABLE_TEST_ENDPOINTS (never in production). */
export default defineRoute(
  calls.atestUsers,
  async (request) => {
    const mail = request.query.mail;
    if (mail === undefined || mail === '') return false;
    const [row] = await request.server.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, normalizeEmail(mail)));
    return row !== undefined;
  },
  { rateLimit: { max: 60, timeWindow: 60_000 } },
);

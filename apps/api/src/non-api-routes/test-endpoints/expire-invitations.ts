import { and, eq, isNull, sql } from 'drizzle-orm';
import { calls } from '@pp/contract';
import { invitations } from '../../db/schema.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Test endpoint (registered only with ENABLE_TEST_ENDPOINTS, never in production): the open
 * invitations of an address expired an hour ago, so an end-to-end test can show what the invitee
 * and the practice's admins see then, without waiting seven days.
 */
export default defineRoute(
  calls.atestExpireInvitations,
  async (request) => {
    const rows = await request.server.db
      .update(invitations)
      .set({ expiresAt: sql`now() - interval '1 hour'` })
      .where(
        and(
          eq(invitations.email, request.body.email),
          isNull(invitations.acceptedAt),
          isNull(invitations.declinedAt),
          isNull(invitations.revokedAt),
        ),
      )
      .returning({ id: invitations.id });
    return { expired: rows.length };
  },
  { rateLimit: { max: 60, timeWindow: 60_000 } },
);

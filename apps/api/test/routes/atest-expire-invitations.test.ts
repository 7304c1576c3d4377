import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls } from '@pp/contract';
import { invitations } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds } from '../support/demo.ts';
import { uniqueEmail } from '../support/factories.ts';

describe('ATest/ExpireInvitations', () => {
  describe('with ENABLE_TEST_ENDPOINTS', () => {
    const api = useApi({ embeddedProvider: true, env: { ENABLE_TEST_ENDPOINTS: 'true' } });
    const db = () => api.db.database.db;

    async function invite(email: string) {
      const { sommer } = await demoPracticeIds(db());
      const response = await api.client.employee.inviteEmployee({
        token: await api.issuer.tokenFor(demo.ben),
        body: { companyId: sommer, email, role: 'member' },
      });
      expect(response.statusCode).toBe(202);
    }
    const expiredOf = async (email: string) =>
      (
        await db()
          .select({ expired: sql<boolean>`${invitations.expiresAt} <= now()` })
          .from(invitations)
          .where(eq(invitations.email, email))
      ).map((row) => row.expired);

    it('moves the open invitation of that address into the past, and no other', async () => {
      const invited = uniqueEmail('abgelaufen');
      const other = uniqueEmail('gueltig');
      await invite(invited);
      await invite(other);

      const response = await api.client.atest.expireInvitations({ body: { email: invited } });
      expect(response.statusCode).toBe(200);
      expect(calls.atestExpireInvitations.response.parse(response.json())).toEqual({ expired: 1 });
      expect(await expiredOf(invited)).toEqual([true]);
      expect(await expiredOf(other)).toEqual([false]);
    });

    it('refuses a malformed address with a field error', async () => {
      const response = await api.client.unchecked(calls.atestExpireInvitations, {
        body: { email: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain('body.email');
    });
  });

  describe('without ENABLE_TEST_ENDPOINTS', () => {
    const api = useApi();

    it('does not exist', async () => {
      const response = await api.client.atest.expireInvitations({
        body: { email: 'someone@example.com' },
      });
      expect(response.statusCode).toBe(404);
    });
  });
});

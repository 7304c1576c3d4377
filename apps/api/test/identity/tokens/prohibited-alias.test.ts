import { count, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, identityLinks } from '../../../src/db/schema.ts';
import { useApi } from '../../support/context.ts';
import { expectProblem } from '../../support/expect-problem.ts';

describe('first sign-in with a shared mailbox address', () => {
  const api = useApi();

  it.each(['info@praxis-neu.example.com', 'Empfang+Team@praxis-neu.example.com'])(
    'refuses %s with 403 prohibited_alias and stores nothing',
    async (email) => {
      const db = api.db.database.db;
      const [before] = await db.select({ n: count() }).from(customers);
      const token = await api.issuer.mint({ subject: `sub-${email}`, email, emailVerified: true });
      const response = await api.client.customer.getCustomerData({
        headers: { authorization: `Bearer ${token}` },
      });
      expectProblem(response, 403, 'prohibited_alias');
      const [after] = await db.select({ n: count() }).from(customers);
      expect(after?.n).toBe(before?.n);
      const links = await db
        .select()
        .from(identityLinks)
        .where(sql`${identityLinks.subject} = ${`sub-${email}`}`);
      expect(links).toEqual([]);
    },
  );

  it('still provisions a personal address of the same practice', async () => {
    const token = await api.issuer.tokenFor('lena.berg@praxis-neu.example.com');
    const response = await api.client.customer.getCustomerData({
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
  });
});

import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companies, locations } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { isServerRun } from '../support/database.ts';

/**
 * A practice disabled between the authorization and the write (issue 23, race 3): the
 * authorization read the practice enabled, another session disables it and holds the row while
 * the api saves. The save must act on the version it was authorized for — refused as a disabled
 * practice's — and write nothing.
 */
// PGlite runs one statement at a time, so nothing there is concurrent: the race needs a server.
describe.runIf(isServerRun())(
  'UpdateCompany and UpdateLocation while the practice is disabled',
  () => {
    const api = useApi();
    const db = () => api.db.database.db;
    let practices: Record<DemoPractice, string>;
    beforeAll(async () => {
      practices = await demoPracticeIds(db());
    });
    afterEach(async () => {
      await db()
        .update(companies)
        .set({ status: 'enabled' })
        .where(eq(companies.id, practices.sommer));
    });

    /** Runs `save` while another session disables the practice and has not yet committed. */
    async function whileDisabled<T>(companyId: string, save: () => Promise<T>): Promise<T> {
      const other = new pg.Client({ connectionString: api.db.url });
      await other.connect();
      try {
        await other.query('begin');
        await other.query(`update companies set status = 'disabled' where id = $1`, [companyId]);
        let settled = false;
        const answer = save().finally(() => {
          settled = true;
        });
        // The save has been authorized by now: it waits for the practice's row, or (before the
        // fix, for a location) has already written without looking at the practice again.
        await expect
          .poll(async () => {
            if (settled) return true;
            const { rows } = await other.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
            );
            return rows[0]?.n === 1;
          })
          .toBe(true);
        await other.query('commit');
        return await answer;
      } finally {
        await other.end();
      }
    }

    it('a practice disabled in the meantime keeps its data', async () => {
      const [before] = await db()
        .select()
        .from(companies)
        .where(eq(companies.id, practices.sommer));
      const token = await api.issuer.tokenFor(demo.ben);
      const answer = await whileDisabled(practices.sommer, () =>
        api.client.company.updateCompany({
          token,
          body: { companyId: practices.sommer, phone: '+49 89 5555555' },
        }),
      );
      expectProblem(answer, 409, 'practice_disabled');
      const [row] = await db().select().from(companies).where(eq(companies.id, practices.sommer));
      expect(row).toMatchObject({ status: 'disabled', phone: before?.phone });
      await db()
        .update(companies)
        .set({ status: 'enabled' })
        .where(eq(companies.id, practices.sommer));
    });

    it('a location of a practice disabled in the meantime keeps its data', async () => {
      const [location] = await db()
        .select()
        .from(locations)
        .where(eq(locations.companyId, practices.sommer));
      const token = await api.issuer.tokenFor(demo.ben);
      const answer = await whileDisabled(practices.sommer, () =>
        api.client.location.updateLocation({
          token,
          body: { locationId: location!.id, phoneNumber: '+49 89 5555555' },
        }),
      );
      expectProblem(answer, 409, 'practice_disabled');
      const [row] = await db().select().from(locations).where(eq(locations.id, location!.id));
      expect(row).toMatchObject({ phoneNumber: location!.phoneNumber });
    });
  },
);

import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, locations } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { isServerRun } from '../support/database.ts';

/**
 * Two saves of one address at once (issue 23, races): a record in Austria (postal code 1010);
 * another session moves it to Germany (10115) and holds its row while the api saves the
 * Austrian postal code 2020 for it. Checked against the address before the move, the postal
 * code fits; against the record it will be written onto, it does not (German ones have five
 * digits). The check must see the row it writes.
 */
// PGlite runs one statement at a time, so nothing there is concurrent: the race needs a server.
describe.runIf(isServerRun())('UpdateCompany and UpdateLocation during a concurrent save', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practices: Record<DemoPractice, string>;
  beforeAll(async () => {
    practices = await demoPracticeIds(db());
  });

  /** Runs `save` while another session has moved the row to Germany and not yet committed. */
  async function whileMovedToGermany<T>(
    table: 'companies' | 'locations',
    id: string,
    save: () => Promise<T>,
  ) {
    const other = new pg.Client({ connectionString: api.db.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query(`update ${table} set country = 'DE', postal_code = '10115' where id = $1`, [
        id,
      ]);
      const answer = save();
      // The save waits for the row: it has read what it checks by now.
      await expect
        .poll(async () => {
          const { rows } = await other.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return rows[0]?.n;
        })
        .toBe(1);
      await other.query('commit');
      return await answer;
    } finally {
      await other.end();
    }
  }

  it('a practice ends with a postal code that fits its country', async () => {
    await db()
      .update(companies)
      .set({ country: 'AT', postalCode: '1010' })
      .where(eq(companies.id, practices.sommer));
    const token = await api.issuer.tokenFor(demo.ben);
    const answer = await whileMovedToGermany('companies', practices.sommer, () =>
      api.client.company.updateCompany({
        token,
        body: { companyId: practices.sommer, postalCode: '2020' },
      }),
    );
    expectProblem(answer, 400, 'validation_failed');
    const [row] = await db().select().from(companies).where(eq(companies.id, practices.sommer));
    expect(row).toMatchObject({ country: 'DE', postalCode: '10115' });
  });

  it('a location ends with a postal code that fits its country', async () => {
    const [location] = await db()
      .select()
      .from(locations)
      .where(eq(locations.companyId, practices.sommer));
    await db()
      .update(locations)
      .set({ country: 'AT', postalCode: '1010' })
      .where(eq(locations.id, location!.id));
    const token = await api.issuer.tokenFor(demo.ben);
    const answer = await whileMovedToGermany('locations', location!.id, () =>
      api.client.location.updateLocation({
        token,
        body: { companyId: practices.sommer, locationId: location!.id, postalCode: '2020' },
      }),
    );
    expectProblem(answer, 400, 'validation_failed');
    const [row] = await db().select().from(locations).where(eq(locations.id, location!.id));
    expect(row).toMatchObject({ country: 'DE', postalCode: '10115' });
  });
});

// The bare reference's activity log (reference-server.ts): the portal's statements of
// Company/GetActivityLog with its filters (a person, a kind, a range of days; issue 46), as
// PostgreSQL's statement log shows them (captured 2026-11-29, capture-statements.ts).
import type { FastifyInstance } from 'fastify';
import {
  LOG_ACTIONS,
  LOG_PEOPLE,
  locationNamesOf,
  logCount,
  logPage,
  logSelected,
  namesOf,
  personIdsOf,
  type LogFilters,
} from './reference-reads.ts';

interface Pool {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

interface LogRow {
  actor_customer_id: string | null;
  entity: string;
  entity_id: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The log's route on `app`; `memberOf` checks the caller's membership as the portal does. */
export function activityRoutes(
  app: FastifyInstance,
  pool: Pool,
  memberOf: (authorization: string | undefined, companyId: string) => Promise<unknown>,
) {
  /** People's names by id, as the activity log reads them: none asked for, no statement. */
  const named = async (ids: string[]) =>
    ids.length ? (await pool.query(namesOf(ids.length), ids)).rows : [];

  app.get('/api/v1/Company/GetActivityLog', async (request) => {
    const query = request.query as LogFilters & {
      companyId: string;
      page?: string;
      pageSize?: string;
    };
    const { companyId } = query;
    await memberOf(request.headers.authorization, companyId);
    const pageSize = Number(query.pageSize ?? 25);
    const offset = (Number(query.page ?? 1) - 1) * pageSize;
    const selected = logSelected(companyId, query);
    const total = await pool.query(logCount(selected), selected.values);
    const page = await pool.query(logPage(selected, offset), [
      ...selected.values,
      pageSize,
      ...(offset > 0 ? [offset] : []),
    ]);
    const rows = page.rows as LogRow[];
    const names = await named(personIdsOf(rows));
    const locationIds = [
      ...new Set(
        rows.flatMap((row) =>
          row.entity === 'location' && row.entity_id && UUID.test(row.entity_id)
            ? [row.entity_id]
            : [],
        ),
      ),
    ];
    const locations = locationIds.length
      ? (await pool.query(locationNamesOf(locationIds.length), [companyId, ...locationIds])).rows
      : [];
    const practice = await pool.query(
      `select "name" from "companies" where "companies"."id" = $1`,
      [companyId],
    );
    // The person filter's list: the 100 people named last by the newest 1,000 entries (issue 46).
    // The bench filters by one of them, so the portal's check that the practice knows a person
    // named by no recent entry (`practiceKnows`) does not run; it is not copied here.
    const recent = await pool.query(LOG_PEOPLE, [companyId, ...LOG_ACTIONS, 1000, 100]);
    const people = await named(recent.rows.map((row: { person: string }) => row.person));
    return {
      entries: rows,
      names,
      locations,
      practice: practice.rows[0],
      people,
      total: Number(total.rows[0].count),
    };
  });
}

// The virtual people of the Monday-morning benchmark (monday.ts): people of the run's data set
// who can work in a practice (an enabled membership of an enabled practice), admins and members
// of whatever practices the data set has, in a shuffled order. On a Monday they have all signed
// in before, so each gets an identity link with the run's issuer beforehand, as a returning
// person has one: the first-sign-in linking is not part of the workload.
import pg from 'pg';

export interface MondayPerson {
  email: string;
  /**
   * The practice in which this person invites when the share of inviting admins picks them:
   * one admin per practice, so that the mail limits of a practice (50 invitations an hour,
   * `mail/quota.ts`) never refuse a run's invitations.
   */
  invitesIn: string | null;
}

/** The people, and how to take their links away again on a kept data set. */
export interface MondayPeople {
  people: MondayPerson[];
  admins: number;
  practices: number;
  /** Removes the links this run made, except the bench's own people's (scale.ts points them). */
  forget(): Promise<void>;
}

/** At most `max` people of the database at `url`, linked to `issuer` with `sub-<e-mail>`. */
export async function mondayPeople(
  url: string,
  issuer: string,
  max: number,
): Promise<MondayPeople> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // md5 orders are the same every run on the same data: the same people in the same order.
    await client.query('begin');
    await client.query(
      `create temp table monday_people on commit drop as
       select c.id, c.email from customers c
        where exists (select 1 from memberships m join companies p on p.id = m.company_id
                       where m.customer_id = c.id and m.status = 'enabled' and p.status = 'enabled')
        order by md5('monday ' || c.id) limit $1`,
      [max],
    );
    await client.query(
      `insert into identity_links (issuer, subject, customer_id)
       select $1, 'sub-' || email, id from monday_people on conflict do nothing`,
      [issuer],
    );
    const { rows } = await client.query<MondayPerson & { admin: boolean; practices: number }>(
      `with memberships_of as (
         select m.customer_id, m.company_id, m.role in ('admin', 'superadmin') as admin
           from memberships m join companies p on p.id = m.company_id
          where m.status = 'enabled' and p.status = 'enabled'
            and m.customer_id in (select id from monday_people)),
       inviting as (
         select distinct on (company_id) company_id, customer_id from memberships_of
          where admin order by company_id, md5('invites ' || customer_id))
       select s.email,
              (select company_id from inviting i where i.customer_id = s.id limit 1) as "invitesIn",
              exists (select 1 from memberships_of o where o.customer_id = s.id and o.admin) as admin,
              (select count(distinct company_id) from memberships_of)::int as practices
         from monday_people s order by md5('order ' || s.id)`,
    );
    await client.query('commit');
    if (rows.length === 0) throw new Error('The data set has nobody who works in a practice');
    return {
      people: rows.map(({ email, invitesIn }) => ({ email, invitesIn })),
      admins: rows.filter((row) => row.admin).length,
      practices: rows[0]!.practices,
      forget: async () => {
        const forgetting = new pg.Client({ connectionString: url });
        await forgetting.connect();
        try {
          await forgetting.query(
            `delete from identity_links where issuer = $1 and subject not like '%@bench.example.com'`,
            [issuer],
          );
        } finally {
          await forgetting.end();
        }
      },
    };
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}

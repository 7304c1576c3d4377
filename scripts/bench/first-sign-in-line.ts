// The first sign-in line of the benchmark (run.ts, issue 46): each request is the first call
// (Customer/GetCustomerData) of a person of the data set who has no identity link yet, with a
// token of the test issuer carrying their verified address, so the portal links the identity
// (`lib/customers/first-sign-in.ts`). Each person can be linked once: every request has its own,
// and the line sends as many requests as it has people. The reference runs no linking; the ratio
// is to its ordinary GetCustomerData (a linked person), labelled so.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import type { TestIssuer } from '../../apps/api/test/support/issuer.ts';
import { answers, CONNECTIONS, measure, SECONDS } from './measure.ts';
import { line } from './read-lines.ts';

export const FIRST_SIGN_IN =
  'Customer/GetCustomerData (first sign-in: links the identity, another unlinked person every request)';
/** People per second of the line: more than the portal links on these machines. */
const PER_SECOND = 300;

interface Options {
  issuer: TestIssuer;
  /** The portal's and the reference's GetCustomerData. */
  url: string;
  referenceUrl: string;
  /** The portal's database, where the unlinked people are found and the links counted. */
  databaseUrl: string;
  adminToken: string;
}

export async function measureFirstSignIn({
  issuer,
  url,
  referenceUrl,
  databaseUrl,
  adminToken,
}: Options) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run = randomBytes(3).toString('hex');
  try {
    // People without any identity link (at the large scale 30 % of the population; at the small
    // one the practice's people past its 200 signed-in admins).
    const { rows } = await client.query<{ email: string }>(
      `select email from customers c
        where not exists (select 1 from identity_links l where l.customer_id = c.id)
          and not c.invitation_only
        limit $1`,
      [PER_SECOND * SECONDS],
    );
    const tokens = await Promise.all(
      rows.map(
        async ({ email }, n) =>
          `Bearer ${await issuer.tokenFor(email, { subject: `first-${run}-${n}` })}`,
      ),
    );
    const reference = await measure(referenceUrl, adminToken);
    let next = 0;
    const result = await autocannon({
      url,
      connections: CONNECTIONS,
      amount: tokens.length,
      requests: [
        {
          setupRequest: (request: object) => {
            const authorization = tokens[next % tokens.length]!;
            next += 1;
            return { ...request, headers: { authorization } };
          },
        },
      ],
    });
    const failed = result.non2xx + result.errors + result.timeouts;
    answers.failed += failed;
    const linked = await client.query<{ count: number }>(
      `select count(*)::int as count from identity_links where subject like $1`,
      [`first-${run}-%`],
    );
    const seconds = result.duration;
    console.log(
      `\n${FIRST_SIGN_IN}: ${tokens.length} requests of ${tokens.length} unlinked people in ${seconds.toFixed(1)} s, ${linked.rows[0]?.count ?? 0} linked; ratio to GetCustomerData of a linked person on the reference\n`,
    );
    console.log(
      '| call | target | req/s | p50 ms | p99 ms | non-2xx | rps vs reference | p99 vs reference |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    console.log(line('Customer/GetCustomerData (a linked person) | reference', reference));
    const m = {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: failed,
      failures: Object.entries((result.statusCodeStats ?? {}) as Record<string, { count: number }>)
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, { count }]) => `${code}×${count}`)
        .join(' '),
    };
    console.log(line(`${FIRST_SIGN_IN} | PostgreSQL`, m, reference));
  } finally {
    await client.end();
  }
}

import { describe, expect, it } from 'vitest';
import { useApi } from '../support/context.ts';
import { bearer, expectProblem } from '../support/expect-problem.ts';
import { createCustomer, uniqueEmail } from '../support/factories.ts';

// Finding 6 of the security probe: with TRUST_PROXY=true the api took the left-most
// X-Forwarded-For entry, so a client that rotated it escaped every limit.
describe.each([
  ['true', '127.0.0.1'],
  ['1', '127.0.0.1'],
  ['127.0.0.1', '127.0.0.1'],
])('behind a proxy (TRUST_PROXY=%s)', (trustProxy, proxy) => {
  const api = useApi({ env: { TRUST_PROXY: trustProxy } });

  it('counts the address the proxy saw: rotating X-Forwarded-For stays limited', async () => {
    const email = uniqueEmail('proxy');
    await createCustomer(api.db.database.db, { email });
    const headers = bearer(await api.issuer.tokenFor(email));
    const client = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    const send = (i: number) =>
      api.client.company.connectExistingCompany({
        remoteAddress: proxy,
        // What the client sent, then what the proxy appended: the client's real address.
        headers: { ...headers, 'x-forwarded-for': `198.51.100.${i}, ${client}` },
        body: { customerNumber: 'P-999999', postalCode: '20095' },
      });
    for (let i = 1; i <= 10; i += 1) expect((await send(i)).statusCode).toBe(202);
    expectProblem(await send(11), 429, 'rate_limited');
  });
});

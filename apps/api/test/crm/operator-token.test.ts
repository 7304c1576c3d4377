import { describe, expect, it } from 'vitest';
import { OPERATOR_TOKEN, useCrm } from '../support/crm.ts';

// Outside probe of main, L2: the operator's Authorization header is a bearer token, and the
// scheme's name is case-insensitive (RFC 7235 §2.1, RFC 6750 §2.1).

describe("the operator token's scheme", () => {
  const crm = useCrm({ pageSize: 50, env: { OPERATOR_TOKEN } });
  const health = (authorization: string) =>
    crm.app.inject({ url: '/operator/crm', headers: { authorization } });

  it.each(['Bearer', 'bearer', 'BEARER', 'bEaReR'])(
    'accepts the scheme written %s',
    async (scheme) => {
      expect((await health(`${scheme} ${OPERATOR_TOKEN}`)).statusCode).toBe(200);
    },
  );

  it('refuses another scheme, a wrong token and a token without a scheme', async () => {
    for (const authorization of [
      `Basic ${OPERATOR_TOKEN}`,
      `bearer ${OPERATOR_TOKEN}x`,
      OPERATOR_TOKEN,
      `Bearer${OPERATOR_TOKEN}`,
    ]) {
      expect((await health(authorization)).statusCode).toBe(401);
    }
  });
});

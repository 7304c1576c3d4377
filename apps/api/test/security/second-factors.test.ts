import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { calls, SecondFactorsSchema } from '@pp/contract';
import { createAccount, idpSchema } from '@pp/idp';
import { useApi } from '../support/context.ts';
import { bearer, expectProblem } from '../support/expect-problem.ts';
import { uniqueEmail } from '../support/factories.ts';

describe('Security/GetSecondFactors (embedded provider)', () => {
  const api = useApi({ embeddedProvider: true });
  const db = () => api.db.database.db;

  /** An account of the embedded provider and a token whose subject it is. */
  async function person() {
    const email = uniqueEmail('faktor');
    const account = await createAccount(db(), {
      email,
      password: 'Zweiter-Faktor-2026',
      emailVerified: true,
    });
    const token = await api.issuer.tokenFor(email, { subject: account.id });
    return { account, headers: bearer(token) };
  }
  const read = (headers: Record<string, string>) =>
    api.client.security.getSecondFactors({ headers });

  it('refuses a caller without a token', async () => {
    expectProblem(
      await api.client.unchecked(calls.securityGetSecondFactors, {}),
      401,
      'unauthenticated',
    );
  });

  it('answers no app and no codes for an account without a second factor', async () => {
    const { headers } = await person();
    const response = await read(headers);
    expect(response.statusCode).toBe(200);
    expect(SecondFactorsSchema.parse(response.json())).toEqual({
      provider: 'embedded',
      totp: null,
      recoveryCodesLeft: 0,
    });
  });

  it("shows each person only their own account's app and unused codes", async () => {
    const withApp = await person();
    const without = await person();
    const confirmedAt = new Date('2026-11-26T21:00:00Z');
    await db().insert(idpSchema.idpTotp).values({
      accountId: withApp.account.id,
      secretCiphertext: 'v1.not.a.secret',
      confirmedAt,
    });
    await db()
      .insert(idpSchema.idpRecoveryCodes)
      .values([
        { accountId: withApp.account.id, codeHash: randomUUID() },
        { accountId: withApp.account.id, codeHash: randomUUID() },
        { accountId: withApp.account.id, codeHash: randomUUID(), usedAt: new Date() },
      ]);
    expect(SecondFactorsSchema.parse((await read(withApp.headers)).json())).toEqual({
      provider: 'embedded',
      totp: { confirmedAt: confirmedAt.toISOString() },
      recoveryCodesLeft: 2,
    });
    expect(SecondFactorsSchema.parse((await read(without.headers)).json())).toMatchObject({
      totp: null,
      recoveryCodesLeft: 0,
    });
  });

  it('refuses any parameter with 400', async () => {
    const { headers } = await person();
    const response = await api.client.unchecked(calls.securityGetSecondFactors, {
      headers,
      query: { accountId: randomUUID() },
    });
    expectProblem(response, 400, 'validation_failed');
  });
});

describe('Security/GetSecondFactors (external provider)', () => {
  const api = useApi();

  it('says the provider keeps the second factors, and knows none of them', async () => {
    const token = await api.issuer.tokenFor(uniqueEmail('extern'));
    const response = await api.client.security.getSecondFactors({ headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'external', totp: null, recoveryCodesLeft: null });
  });
});

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
      passkeys: [],
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
      passkeys: [],
    });
    expect(SecondFactorsSchema.parse((await read(without.headers)).json())).toMatchObject({
      totp: null,
      recoveryCodesLeft: 0,
    });
  });

  it("lists each person's own passkeys with name, date added and last use, oldest first", async () => {
    const owner = await person();
    const other = await person();
    const passkey = (
      accountId: string,
      name: string,
      createdAt: Date,
      lastUsedAt: Date | null,
    ) => ({
      accountId,
      credentialId: randomUUID(),
      publicKey: 'pQECAyYgASFYIA',
      deviceType: 'singleDevice',
      name,
      createdAt,
      lastUsedAt,
    });
    const added = new Date('2026-11-20T08:00:00Z');
    const used = new Date('2026-11-26T20:30:00Z');
    await db()
      .insert(idpSchema.idpPasskeys)
      .values([
        passkey(owner.account.id, 'Handy', new Date('2026-11-25T08:00:00Z'), null),
        passkey(owner.account.id, 'Laptop im Büro', added, used),
        passkey(other.account.id, 'Fremder Schlüssel', added, null),
      ]);
    const answer = SecondFactorsSchema.parse((await read(owner.headers)).json());
    expect(
      answer.passkeys?.map(({ name, createdAt, lastUsedAt }) => ({ name, createdAt, lastUsedAt })),
    ).toEqual([
      { name: 'Laptop im Büro', createdAt: added.toISOString(), lastUsedAt: used.toISOString() },
      { name: 'Handy', createdAt: '2026-11-25T08:00:00.000Z', lastUsedAt: null },
    ]);
    // Neither the credential nor its key leave the provider's tables.
    expect(JSON.stringify(answer)).not.toContain('pQECAyYgASFYIA');
    const others = SecondFactorsSchema.parse((await read(other.headers)).json());
    expect(others.passkeys?.map((p) => p.name)).toEqual(['Fremder Schlüssel']);
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
    expect(response.json()).toEqual({
      provider: 'external',
      totp: null,
      recoveryCodesLeft: null,
      passkeys: null,
    });
  });
});

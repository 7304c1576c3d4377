import { describe, expect, it } from 'vitest';
import { EmployeesSchema } from '@pp/contract';
import { createAccount, idpSchema } from '@pp/idp';
import { useApi } from '../support/context.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

// The employee list's badge (issue 25): who signs in with a second factor, known from the
// embedded provider's accounts; unknown (null) for an invitee and for a person without an
// account there (an external provider's).
describe('the second-factor badge of the employee list', () => {
  const api = useApi({ embeddedProvider: true });
  const db = () => api.db.database.db;

  it('is true with a confirmed authenticator app or a passkey, false without, null where unknown', async () => {
    const owner = await createCustomer(db(), { firstName: 'Olga', lastName: 'Zeller' });
    const practiceId = (await createPractice(db(), { superadminId: owner.id })).id;
    const withApp = await createCustomer(db(), {
      firstName: 'Anton',
      lastName: 'App',
      practices: [{ companyId: practiceId, role: 'member', status: 'enabled' }],
    });
    const unconfirmed = await createCustomer(db(), {
      firstName: 'Bea',
      lastName: 'Begonnen',
      practices: [{ companyId: practiceId, role: 'member', status: 'enabled' }],
    });
    const withPasskey = await createCustomer(db(), {
      firstName: 'Paula',
      lastName: 'Passkey',
      practices: [{ companyId: practiceId, role: 'admin', status: 'enabled' }],
    });
    const elsewhere = await createCustomer(db(), {
      firstName: 'Carl',
      lastName: 'Extern',
      practices: [{ companyId: practiceId, role: 'member', status: 'disabled' }],
    });
    const password = 'Zweiter-Faktor-2026';
    const accounts = [owner, withApp, unconfirmed, withPasskey].map((person) =>
      createAccount(db(), { email: person.email, password, emailVerified: true }),
    );
    const [, app, begun, keyed] = await Promise.all(accounts);
    await db().insert(idpSchema.idpPasskeys).values({
      accountId: keyed!.id,
      credentialId: 'credential-of-paula',
      publicKey: 'not-a-key',
      deviceType: 'multiDevice',
      name: 'Chrome unter Linux',
    });
    await db()
      .insert(idpSchema.idpTotp)
      .values([
        { accountId: app!.id, secretCiphertext: 'v1.a.b.c', confirmedAt: new Date() },
        // A setup that was never confirmed with a code asks nothing at sign-in: no badge.
        { accountId: begun!.id, secretCiphertext: 'v1.a.b.c' },
      ]);
    const invited = uniqueEmail('eingeladen');
    const token = await api.issuer.tokenFor(owner.email);
    const invitation = await api.client.employee.inviteEmployee({
      token,
      body: { companyId: practiceId, email: invited, firstName: 'Dora', lastName: 'Neu' },
    });
    expect(invitation.statusCode).toBeLessThan(300);

    const response = await api.client.employee.getEmployees({
      token,
      query: { companyId: practiceId, pageSize: 100 },
    });
    const badges = Object.fromEntries(
      EmployeesSchema.parse(response.json()).employees.map((e) => [e.email, e.secondFactor]),
    );
    expect(badges).toEqual({
      [owner.email]: false,
      [withApp.email]: true,
      [unconfirmed.email]: false,
      [withPasskey.email]: true,
      [elsewhere.email]: null,
      [invited]: null,
    });
    // The single person's view says the same.
    const one = await api.client.employee.getEmployee({
      token,
      query: { companyId: practiceId, customerId: withApp.id },
    });
    expect(one.json()).toMatchObject({ secondFactor: true });
  });
});

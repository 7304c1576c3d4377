// Against a stand-in of Auth0's Management API v2 built from its documentation
// (https://auth0.com/docs/api/management/v2: users-by-email, tickets/password-change,
// PATCH users/{id}; M2M token: https://auth0.com/docs/secure/tokens/access-tokens/management-api-access-tokens):
// auth0-stand-in.ts.
import { describe, expect, it } from 'vitest';
import { auth0Administration } from '../../../src/identity/auth0.ts';
import { Secret } from '../../../src/identity/secret.ts';
import { ApiError } from '../../../src/lib/http/problem.ts';
import { useProviderApi } from '../tokens/provider-app.ts';
import { uniqueEmail } from '../../support/factories.ts';
import { auth0ManagementStandIn, M2M_CLIENT, M2M_SECRET } from './auth0-stand-in.ts';
import { portalCalls } from './portal-calls.ts';

const auth0 = auth0ManagementStandIn();

describe('Auth0: password and e-mail through the Management API', () => {
  const api = useProviderApi(
    'auth0',
    () => ({ AUTH0_MANAGEMENT_CLIENT_ID: M2M_CLIENT, AUTH0_MANAGEMENT_CLIENT_SECRET: M2M_SECRET }),
    auth0.handler,
  );
  const portal = portalCalls(api);

  it("mails a password-change ticket of the customer's account in the portal's own mail", async () => {
    const { email, headers } = await portal.person();
    const user = auth0.addUser(email);
    const before = auth0.calls.length;
    expect((await portal.changePassword(headers)).statusCode).toBe(202);
    const ticket = auth0.calls.slice(before).find((c) => c.path.endsWith('/password-change'));
    expect(ticket?.body).toEqual({
      user_id: user.user_id,
      result_url: 'https://portal.example.com/',
      ttl_sec: 3600,
    });
    const [mail] = await portal.mailsTo(email);
    expect(mail).toMatchObject({ template: 'password-reset' });
    const link = new URL(mail!.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${api.issuer.setup.issuer}lo/reset`);
  });

  it('changes the address of the database account, with Auth0 verifying it', async () => {
    const { email, headers } = await portal.person();
    const user = auth0.addUser(email);
    const newEmail = uniqueEmail('neu');
    expect((await portal.changeEmail(headers, newEmail)).statusCode).toBe(200);
    const patch = auth0.calls.find(
      (c) => c.method === 'PATCH' && c.path.includes(user.identities[0]!.user_id),
    );
    expect(patch?.body).toEqual({
      email: newEmail,
      email_verified: false,
      verify_email: true,
      connection: 'Username-Password-Authentication',
    });
    expect(user.email).toBe(newEmail);
  });

  it('leaves accounts of social connections alone: they have no password here', async () => {
    const { email, headers } = await portal.person();
    auth0.addUser(email, 'google-oauth2', 'google-oauth2');
    const before = auth0.calls.length;
    expect((await portal.changePassword(headers)).statusCode).toBe(202);
    expect(auth0.calls.slice(before).some((c) => c.method === 'POST')).toBe(false);
    expect(await portal.mailsTo(email)).toEqual([]);
  });

  it('counts an Auth0 account with the new address as taken', async () => {
    const { headers } = await portal.person();
    const taken = uniqueEmail('vergeben');
    auth0.addUser(taken);
    expect((await portal.requestEmailChange(headers, taken)).statusCode).toBe(202);
    expect((await portal.mailsTo(taken)).map((m) => m.template)).toEqual(['email-in-use']);
  });

  it('answers 409 email_taken when Auth0 refuses the address, and logs no credential', async () => {
    const tenant = api.issuer.setup.issuer.replace(/\/$/, '');
    const admin = auth0Administration({
      tenant,
      clientId: M2M_CLIENT,
      clientSecret: new Secret(M2M_SECRET),
      site: { publicUrl: new URL('https://portal.example.com') },
    });
    const from = uniqueEmail('alt');
    const to = uniqueEmail('belegt');
    auth0.addUser(from);
    auth0.addUser(to);
    const error = await admin.changeEmail(api.db.database.db, from, to).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'email_taken' });
    const log = api.logs.join('\n');
    expect(log).not.toContain(M2M_SECRET);
    for (const call of auth0.calls) {
      const token = call.authorization?.replace(/^Bearer /, '');
      if (token) expect(log).not.toContain(token);
    }
  });
});

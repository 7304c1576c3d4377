// Against a stand-in of Keycloak's Admin REST API built from its documentation
// (https://www.keycloak.org/docs-api/latest/rest-api/index.html, Users: GET /users?email&exact,
// PUT /users/{id}, PUT /users/{id}/execute-actions-email; service-account token:
// https://www.keycloak.org/docs/latest/server_admin/#_service_accounts): keycloak-stand-in.ts.
import { describe, expect, it } from 'vitest';
import { useProviderApi } from '../tokens/provider-app.ts';
import { expectProblem } from '../../support/expect-problem.ts';
import { uniqueEmail } from '../../support/factories.ts';
import { ADMIN_CLIENT, ADMIN_SECRET, keycloakAdminStandIn } from './keycloak-stand-in.ts';
import { portalCalls } from './portal-calls.ts';

// The realm of the stand-in issuer (`/realms/praxis`); the adapter derives it from OIDC_ISSUER.
const keycloak = keycloakAdminStandIn('praxis');

describe('Keycloak: password and e-mail through the Admin REST API', () => {
  const api = useProviderApi(
    'keycloak',
    () => ({ KEYCLOAK_ADMIN_CLIENT_ID: ADMIN_CLIENT, KEYCLOAK_ADMIN_CLIENT_SECRET: ADMIN_SECRET }),
    keycloak.handler,
  );
  const portal = portalCalls(api);

  it("has Keycloak mail the UPDATE_PASSWORD action to the customer's account", async () => {
    const { email, headers } = await portal.person();
    const user = keycloak.addUser(email);
    const before = keycloak.calls.length;
    expect((await portal.changePassword(headers)).statusCode).toBe(202);
    const calls = keycloak.calls.slice(before).filter((c) => c.path.startsWith('/admin/'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /admin/realms/praxis/users',
      `PUT /admin/realms/praxis/users/${user.id}/execute-actions-email`,
    ]);
    expect(Object.fromEntries(calls[0]!.query)).toMatchObject({ email, exact: 'true' });
    expect(calls[1]!.body).toEqual(['UPDATE_PASSWORD']);
    expect(Object.fromEntries(calls[1]!.query)).toEqual({
      lifespan: '3600',
      client_id: 'portal-web',
      redirect_uri: 'https://portal.example.com/',
    });
    expect(calls.every((c) => c.authorization?.startsWith('Bearer kc-at-'))).toBe(true);
  });

  it('moves the account to the verified new address and has Keycloak send VERIFY_EMAIL', async () => {
    const { email, headers } = await portal.person();
    const user = keycloak.addUser(email);
    const newEmail = uniqueEmail('neu');
    const before = keycloak.calls.length;
    const answer = await portal.changeEmail(headers, newEmail);
    expect(answer.statusCode).toBe(200);
    expect(user).toMatchObject({ email: newEmail, emailVerified: false });
    const puts = keycloak.calls.slice(before).filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.body)).toEqual([
      { email: newEmail, emailVerified: false },
      ['VERIFY_EMAIL'],
    ]);
  });

  it('tells the requester nothing when the new address has a Keycloak account', async () => {
    const { headers } = await portal.person();
    const taken = uniqueEmail('vergeben');
    keycloak.addUser(taken);
    expect((await portal.requestEmailChange(headers, taken)).statusCode).toBe(202);
    expect((await portal.mailsTo(taken)).map((m) => m.template)).toEqual(['email-in-use']);
  });

  it('refuses the change with 409 email_taken when the address got a Keycloak account meanwhile', async () => {
    const { email, headers } = await portal.person();
    keycloak.addUser(email);
    const newEmail = uniqueEmail('spaet');
    expect((await portal.requestEmailChange(headers, newEmail)).statusCode).toBe(202);
    keycloak.addUser(newEmail);
    const mail = (await portal.mailsTo(newEmail)).find((m) => m.template === 'email-verification');
    const hash = new URL(mail!.links[0]!).searchParams.get('hash') ?? '';
    const answer = await api.client.customer.verifyEmail({ headers, query: { verifyHash: hash } });
    expectProblem(answer, 409, 'email_taken');
  });

  it('sends nothing for a customer without a Keycloak account', async () => {
    const { headers } = await portal.person();
    const before = keycloak.calls.length;
    expect((await portal.changePassword(headers)).statusCode).toBe(202);
    expect(keycloak.calls.slice(before).some((c) => c.method === 'PUT')).toBe(false);
  });

  it('fetches a new service-account token when Keycloak no longer takes the old one', async () => {
    const { email, headers } = await portal.person();
    keycloak.addUser(email);
    expect((await portal.changePassword(headers)).statusCode).toBe(202);
    keycloak.revokeTokens();
    const before = keycloak.calls.length;
    expect((await portal.changePassword(headers)).statusCode).toBe(202);
    const paths = keycloak.calls
      .slice(before)
      .map((c) => `${c.method} ${c.path.split('/').at(-1)}`);
    expect(paths).toEqual(['GET users', 'POST token', 'GET users', 'PUT execute-actions-email']);
  });

  it('answers 503 while the Admin API fails, and logs neither secret nor admin token', async () => {
    const { email, headers } = await portal.person();
    keycloak.addUser(email);
    keycloak.fail(true);
    try {
      expectProblem(await portal.changePassword(headers), 503, 'service_unavailable');
    } finally {
      keycloak.fail(false);
    }
    const tokens = keycloak.calls.flatMap((c) => c.authorization?.replace(/^Bearer /, '') ?? []);
    const log = api.logs.join('\n');
    expect(log).not.toContain(ADMIN_SECRET);
    for (const token of tokens) expect(log).not.toContain(token);
  });
});

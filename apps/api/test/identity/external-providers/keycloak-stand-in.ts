import { randomUUID } from 'node:crypto';
import type { ExtraHandler } from '../tokens/provider-issuer.ts';
import { answer, seen, type SeenCall } from './http-stand-in.ts';

export const ADMIN_CLIENT = 'portal-admin';
export const ADMIN_SECRET = 'kc-admin-Secret-9d8c7b6a5f4e';

interface KeycloakUser {
  id: string;
  username: string;
  email: string;
  emailVerified: boolean;
}

/**
 * Keycloak's Admin REST API for one realm, as documented
 * (https://www.keycloak.org/docs-api/latest/rest-api/index.html, "Users"), with the
 * client-credentials token of a service-account client
 * (https://www.keycloak.org/docs/latest/server_admin/#_service_accounts):
 * - `POST /realms/{realm}/protocol/openid-connect/token` → `{ access_token, expires_in, … }`;
 * - `GET /admin/realms/{realm}/users?email=&exact=true` → `UserRepresentation[]`;
 * - `PUT /admin/realms/{realm}/users/{id}` with a partial `UserRepresentation` → 204, 409 when
 *   another user has the address ("User exists with same email");
 * - `PUT /admin/realms/{realm}/users/{id}/execute-actions-email?lifespan=&client_id=&redirect_uri=`
 *   with the actions (`["UPDATE_PASSWORD"]`) → 204, Keycloak sends the mail.
 * Admin calls without the service account's bearer token answer 401.
 */
export function keycloakAdminStandIn(realm: string) {
  const users: KeycloakUser[] = [];
  const calls: SeenCall[] = [];
  const tokens = new Set<string>();
  let failing = false;

  const handler: ExtraHandler = async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const tokenPath = `/realms/${realm}/protocol/openid-connect/token`;
    const adminBase = `/admin/realms/${realm}/users`;
    if (url.pathname !== tokenPath && !url.pathname.startsWith(adminBase)) return false;
    const call = await seen(request);
    calls.push(call);
    if (failing) return answer(response, 503, { error: 'unavailable' });
    if (call.path === tokenPath) {
      const form = call.body as Record<string, string>;
      if (
        form['grant_type'] !== 'client_credentials' ||
        form['client_id'] !== ADMIN_CLIENT ||
        form['client_secret'] !== ADMIN_SECRET
      ) {
        return answer(response, 401, { error: 'unauthorized_client' });
      }
      const token = `kc-at-${randomUUID()}`;
      tokens.add(token);
      return answer(response, 200, { access_token: token, expires_in: 300, token_type: 'Bearer' });
    }
    if (!tokens.has(call.authorization?.replace(/^Bearer /, '') ?? '')) {
      return answer(response, 401, { error: 'HTTP 401 Unauthorized' });
    }
    const [, id, action] = call.path.slice(adminBase.length).split('/');
    if (call.method === 'GET' && !id) {
      const email = call.query.get('email') ?? '';
      const exact = call.query.get('exact') === 'true';
      return answer(
        response,
        200,
        users.filter((u) => (exact ? u.email === email : u.email.includes(email))),
      );
    }
    const user = users.find((u) => u.id === id);
    if (!user) return answer(response, 404, { error: 'User not found' });
    if (call.method === 'PUT' && action === 'execute-actions-email') {
      return answer(response, 204);
    }
    if (call.method === 'PUT' && action === undefined) {
      const change = call.body as Partial<KeycloakUser>;
      if (change.email && users.some((u) => u.email === change.email && u.id !== user.id)) {
        return answer(response, 409, { errorMessage: 'User exists with same email' });
      }
      Object.assign(user, change);
      return answer(response, 204);
    }
    return answer(response, 405, {});
  };

  return {
    handler,
    users,
    calls,
    addUser(email: string): KeycloakUser {
      const user = { id: randomUUID(), username: email, email, emailVerified: true };
      users.push(user);
      return user;
    },
    /** Calls of the admin API (not the token endpoint) since the test began. */
    adminCalls: () => calls.filter((c) => c.path.startsWith('/admin/')),
    /** Tokens issued so far stop working (a rotated secret, a session ended by an admin). */
    revokeTokens() {
      tokens.clear();
    },
    fail(on: boolean) {
      failing = on;
    },
  };
}

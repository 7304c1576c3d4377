import { randomUUID } from 'node:crypto';
import type { ExtraHandler } from '../tokens/provider-issuer.ts';
import { answer, seen, type SeenCall } from './http-stand-in.ts';

export const M2M_CLIENT = 'm2m-portal-admin';
export const M2M_SECRET = 'a0-m2m-Secret-3e2d1c0b9a88';

interface Auth0User {
  user_id: string;
  email: string;
  email_verified: boolean;
  identities: { connection: string; provider: string; user_id: string; isSocial: boolean }[];
}

/**
 * Auth0's Management API v2 as documented (https://auth0.com/docs/api/management/v2), with a
 * machine-to-machine token (https://auth0.com/docs/secure/tokens/access-tokens/management-api-access-tokens):
 * - `POST /oauth/token` (client_credentials, `audience` `https://{tenant}/api/v2/`);
 * - `GET /api/v2/users-by-email?email=` → users ("Search Users by Email");
 * - `POST /api/v2/tickets/password-change` `{ user_id, result_url, ttl_sec }` → 201
 *   `{ ticket }` ("Create a password change ticket"; Auth0 sends no mail for it);
 * - `PATCH /api/v2/users/{id}` `{ email, email_verified, verify_email, connection }` → 200,
 *   409 "The specified new email already exists" ("Update a User": e-mail changes need the
 *   connection; `verify_email` makes Auth0 send its verification mail).
 */
export function auth0ManagementStandIn() {
  const users: Auth0User[] = [];
  const calls: SeenCall[] = [];
  const tokens = new Set<string>();

  const handler: ExtraHandler = async (request, response, origin) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname !== '/oauth/token' && !url.pathname.startsWith('/api/v2/')) return false;
    const call = await seen(request);
    calls.push(call);
    if (call.path === '/oauth/token') {
      const form = call.body as Record<string, string>;
      if (
        form['grant_type'] !== 'client_credentials' ||
        form['client_id'] !== M2M_CLIENT ||
        form['client_secret'] !== M2M_SECRET ||
        form['audience'] !== `${origin}/api/v2/`
      ) {
        return answer(response, 401, { error: 'access_denied' });
      }
      const token = `a0-mgmt-${randomUUID()}`;
      tokens.add(token);
      return answer(response, 200, {
        access_token: token,
        expires_in: 86400,
        token_type: 'Bearer',
      });
    }
    if (!tokens.has(call.authorization?.replace(/^Bearer /, '') ?? '')) {
      return answer(response, 401, { statusCode: 401, error: 'Unauthorized' });
    }
    if (call.method === 'GET' && call.path === '/api/v2/users-by-email') {
      return answer(
        response,
        200,
        users.filter((u) => u.email === call.query.get('email')),
      );
    }
    if (call.method === 'POST' && call.path === '/api/v2/tickets/password-change') {
      const body = call.body as { user_id?: string };
      if (!users.some((u) => u.user_id === body.user_id)) return answer(response, 404, {});
      return answer(response, 201, { ticket: `${origin}/lo/reset?ticket=${randomUUID()}#` });
    }
    const match = /^\/api\/v2\/users\/(.+)$/.exec(call.path);
    const user = users.find((u) => u.user_id === decodeURIComponent(match?.[1] ?? ''));
    if (call.method === 'PATCH' && user) {
      const change = call.body as { email: string; email_verified: boolean; connection?: string };
      if (!change.connection) return answer(response, 400, { message: 'connection is required' });
      if (users.some((u) => u.email === change.email && u !== user)) {
        return answer(response, 409, { message: 'The specified new email already exists' });
      }
      user.email = change.email;
      user.email_verified = change.email_verified;
      return answer(response, 200, user);
    }
    return answer(response, 404, {});
  };

  return {
    handler,
    users,
    calls,
    addUser(email: string, provider = 'auth0', connection = 'Username-Password-Authentication') {
      const id = randomUUID();
      const user: Auth0User = {
        user_id: `${provider}|${id}`,
        email,
        email_verified: true,
        identities: [{ connection, provider, user_id: id, isSocial: provider !== 'auth0' }],
      };
      users.push(user);
      return user;
    },
  };
}

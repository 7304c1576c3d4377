import { ErrorCode } from '@pp/contract';
import { ApiError } from '../lib/http/problem.ts';
import { adminHttp } from './admin-http.ts';
import type { IdentityAdministration } from './administration.ts';
import type { Secret } from './secret.ts';

export interface KeycloakSettings {
  /** Keycloak's base URL (with `/auth` on old installations), without the realm. */
  origin: string;
  realm: string;
  /** A confidential client of the realm with a service account holding realm-management's `view-users` and `manage-users`. */
  clientId: string;
  clientSecret: Secret;
  /** The portal's own client and address, for the "back to the application" link of the mail. */
  portalClientId: string;
  portalUrl: string;
  timeoutMs?: number;
}

/** How long the links of Keycloak's action mails stay valid (seconds). */
export const ACTION_LIFESPAN_SECONDS = 60 * 60;

interface UserRepresentation {
  id: string;
  email?: string;
}

/**
 * The identity administration of a Keycloak realm, through its Admin REST API
 * (https://www.keycloak.org/docs-api/latest/rest-api/index.html, "Users"). Keycloak writes and
 * sends the mails itself, in the user's locale.
 */
export function keycloakAdministration(settings: KeycloakSettings): IdentityAdministration {
  const realm = encodeURIComponent(settings.realm);
  const http = adminHttp({
    tokenUrl: `${settings.origin}/realms/${realm}/protocol/openid-connect/token`,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    baseUrl: `${settings.origin}/admin/realms/${realm}/`,
    ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
  });

  /** `GET /users?email=…&exact=true`: the account with exactly this address, if any. */
  async function findUser(email: string): Promise<UserRepresentation | undefined> {
    const query = new URLSearchParams({ email, exact: 'true', briefRepresentation: 'true' });
    const answer = await http.call('GET', `users?${query}`);
    if (answer.status !== 200 || !Array.isArray(answer.body)) throw http.unavailable();
    const users = answer.body as UserRepresentation[];
    return users.find((user) => user.email?.toLowerCase() === email.toLowerCase());
  }

  /** `PUT /users/{id}/execute-actions-email`: Keycloak mails a link that performs the actions. */
  async function sendActions(user: UserRepresentation, actions: string[]): Promise<void> {
    const query = new URLSearchParams({
      lifespan: String(ACTION_LIFESPAN_SECONDS),
      client_id: settings.portalClientId,
      redirect_uri: settings.portalUrl,
    });
    const path = `users/${encodeURIComponent(user.id)}/execute-actions-email?${query}`;
    const answer = await http.call('PUT', path, actions);
    if (answer.status !== 204) throw http.unavailable();
  }

  return {
    async hasAccount(_tx, email) {
      return (await findUser(email)) !== undefined;
    },
    async sendPasswordReset(_tx, email) {
      const user = await findUser(email);
      if (user) await sendActions(user, ['UPDATE_PASSWORD']);
    },
    async changeEmail(_tx, from, to) {
      const user = await findUser(from);
      // A customer who signs in elsewhere has no account here: nothing to move.
      if (!user) return;
      const answer = await http.call('PUT', `users/${encodeURIComponent(user.id)}`, {
        email: to,
        emailVerified: false,
      });
      if (answer.status === 409) throw new ApiError(409, ErrorCode.emailTaken);
      if (answer.status !== 204) throw http.unavailable();
      await sendActions(user, ['VERIFY_EMAIL']);
    },
  };
}

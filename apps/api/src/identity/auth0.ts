import { ErrorCode, type Language } from '@pp/contract';
import type { Executor } from '@pp/database';
import { ApiError } from '../lib/http/problem.ts';
import { enqueueMail, type MailSite } from '../mail/outbox.ts';
import { adminHttp } from './admin-http.ts';
import type { IdentityAdministration } from './administration.ts';
import type { Secret } from './secret.ts';

export interface Auth0Settings {
  /** The tenant's origin, e.g. `https://portal.eu.auth0.com` (its custom domain works too). */
  tenant: string;
  /** A machine-to-machine application authorized for the Management API with `read:users`, `update:users` and `create:user_tickets`. */
  clientId: string;
  clientSecret: Secret;
  /** Where the portal's own mails link to; the ticket's origin is added. */
  site: MailSite;
  timeoutMs?: number;
}

/** How long a password-change ticket stays valid. */
export const TICKET_MINUTES = 60;

interface Auth0User {
  user_id: string;
  email?: string;
  identities?: { connection: string; provider: string }[];
}

/**
 * The identity administration of an Auth0 tenant, through its Management API v2
 * (https://auth0.com/docs/api/management/v2): password-change tickets, which the portal mails
 * itself (Auth0 only makes the link), and e-mail changes with Auth0's verification mail.
 * Only accounts of a database connection (provider `auth0`) have a password to change.
 */
export function auth0Administration(settings: Auth0Settings): IdentityAdministration {
  const http = adminHttp({
    tokenUrl: `${settings.tenant}/oauth/token`,
    tokenParameters: { audience: `${settings.tenant}/api/v2/` },
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    baseUrl: `${settings.tenant}/api/v2/`,
    ...(settings.timeoutMs !== undefined ? { timeoutMs: settings.timeoutMs } : {}),
  });
  const site: MailSite = {
    ...settings.site,
    linkOrigins: [...(settings.site.linkOrigins ?? []), settings.tenant],
  };

  /** `GET /users-by-email`: the accounts with this address. */
  async function usersWith(email: string): Promise<Auth0User[]> {
    const answer = await http.call('GET', `users-by-email?${new URLSearchParams({ email })}`);
    if (answer.status !== 200 || !Array.isArray(answer.body)) throw http.unavailable();
    return (answer.body as Auth0User[]).filter(
      (user) => user.email?.toLowerCase() === email.toLowerCase(),
    );
  }

  async function databaseUser(email: string) {
    for (const user of await usersWith(email)) {
      const identity = user.identities?.find((entry) => entry.provider === 'auth0');
      if (identity) return { id: user.user_id, connection: identity.connection };
    }
    return undefined;
  }

  async function mailTicket(tx: Executor, email: string, language: Language, link: URL) {
    await enqueueMail(
      tx,
      {
        to: email,
        language,
        actorCustomerId: null,
        template: 'password-reset',
        params: { link, validMinutes: TICKET_MINUTES },
      },
      site,
    );
  }

  return {
    async hasAccount(_tx, email) {
      return (await usersWith(email)).length > 0;
    },
    async sendPasswordReset(tx, email, language) {
      const user = await databaseUser(email);
      if (!user) return;
      const answer = await http.call('POST', 'tickets/password-change', {
        user_id: user.id,
        result_url: settings.site.publicUrl.href,
        ttl_sec: TICKET_MINUTES * 60,
      });
      const ticket = (answer.body as { ticket?: unknown } | undefined)?.ticket;
      if (answer.status !== 201 || typeof ticket !== 'string') throw http.unavailable();
      const link = new URL(ticket);
      if (link.origin !== settings.tenant) throw http.unavailable();
      await mailTicket(tx, email, language, link);
    },
    async changeEmail(_tx, from, to) {
      const user = await databaseUser(from);
      // A customer who signs in elsewhere (a social connection) has nothing to move here.
      if (!user) return;
      const answer = await http.call('PATCH', `users/${encodeURIComponent(user.id)}`, {
        email: to,
        email_verified: false,
        verify_email: true,
        connection: user.connection,
      });
      if (answer.status === 409) throw new ApiError(409, ErrorCode.emailTaken);
      if (answer.status !== 200) throw http.unavailable();
    },
  };
}

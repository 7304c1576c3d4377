import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { mailOutbox } from '../../../src/db/schema.ts';
import type { ProviderApi } from '../tokens/provider-app.ts';
import { bearer } from '../../support/expect-problem.ts';
import { uniqueEmail } from '../../support/factories.ts';
import type { JWTPayload } from 'jose';

/** The claims that give a first sign-in a verified address, per provider. */
function verifiedEmail(api: ProviderApi, email: string): JWTPayload {
  switch (api.issuer.setup.provider) {
    case 'entra':
      return { email, xms_edov: true };
    case 'auth0':
      return {};
    default:
      return { email, email_verified: true };
  }
}

/** The portal's calls about the signed-in customer's password and address. */
export function portalCalls(api: ProviderApi) {
  /** A customer signed in for the first time through the provider. */
  async function person(prefix = 'kunde') {
    const email = uniqueEmail(prefix);
    const subject = crypto.randomUUID();
    if (api.issuer.setup.provider === 'auth0') {
      api.issuer.userinfo.set(subject, { email, email_verified: true });
    }
    const token = await api.issuer.mint(subject, { claims: verifiedEmail(api, email) });
    const headers = bearer(token);
    const first = await api.client.customer.getCustomerData({ headers });
    expect(first.statusCode).toBe(200);
    return { email, subject, headers };
  }
  const mailsTo = (email: string) =>
    api.db.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, email))
      .orderBy(mailOutbox.createdAt);
  return {
    person,
    mailsTo,
    changePassword: (headers: Record<string, string>) =>
      api.client.customer.changePassword({ headers }),
    requestEmailChange: (headers: Record<string, string>, newEmail: string) =>
      api.client.customer.updateEmail({ headers, query: { newEmail } }),
    /** Requests the change and follows the link of the verification mail. */
    async changeEmail(headers: Record<string, string>, newEmail: string) {
      expect((await this.requestEmailChange(headers, newEmail)).statusCode).toBe(202);
      const mail = (await mailsTo(newEmail)).find((m) => m.template === 'email-verification');
      const hash = new URL(mail!.links[0]!).searchParams.get('hash') ?? '';
      return api.client.customer.verifyEmail({ headers, query: { verifyHash: hash } });
    },
  };
}

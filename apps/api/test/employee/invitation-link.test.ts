import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, InvitationLinkSchema } from '@pp/contract';
import { mailOutbox } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { uniqueEmail } from '../support/factories.ts';

// Issue 22, point 1: an invitation opened while signed in as somebody else says so, with the
// address it went to masked (decision 0058).
describe('Employee/GetInvitationLink', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let sommer: string;
  beforeAll(async () => {
    sommer = (await demoPracticeIds(db())).sommer;
  });

  /** Ben invites a new address; answers it and the secret of the mail's link. */
  async function invited() {
    const email = uniqueEmail('maria');
    const answer = await api.client.employee.inviteEmployee({
      token: await api.issuer.tokenFor(demo.ben),
      body: { companyId: sommer, email },
    });
    expect(answer.statusCode).toBe(202);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    const link = mail?.links
      .map((href) => new URL(href))
      .find((url) => url.pathname === '/my-practice');
    return { email, secret: link?.searchParams.get('invitation') ?? '' };
  }

  const ask = async (who: string, invitation: string) =>
    api.client.employee.getInvitationLink({
      token: await api.issuer.tokenFor(who),
      query: { invitation },
    });

  it('tells the invited person it is theirs', async () => {
    const { email, secret } = await invited();
    const answer = await ask(email, secret);
    expect(answer.statusCode).toBe(200);
    expect(InvitationLinkSchema.parse(answer.json())).toEqual({ forCaller: true, sentTo: null });
  });

  it('tells anybody else only the masked address it went to', async () => {
    const { email, secret } = await invited();
    const answer = await ask(demo.clara, secret);
    expect(answer.statusCode).toBe(200);
    const body = InvitationLinkSchema.parse(answer.json());
    expect(body).toEqual({ forCaller: false, sentTo: 'm***@factory.example.com' });
    expect(answer.body).not.toContain(email);
  });

  it('answers an unknown link with 404 and a malformed one with 400', async () => {
    expectProblem(await ask(demo.clara, 'x'.repeat(43)), 404, 'link_invalid');
    const malformed = await api.client.unchecked(calls.employeeGetInvitationLink, {
      token: await api.issuer.tokenFor(demo.clara),
      query: { invitation: 'kurz' },
    });
    expectProblem(malformed, 400, 'validation_failed');
  });
});

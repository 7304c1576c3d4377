import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import type { OutgoingMail } from '../../src/mail/outbox.ts';
import { useApi } from '../support/context.ts';
import { bearer } from '../support/expect-problem.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { randomClientAddress } from '../rate-limit/limits.ts';
import { enqueue, newAddress, site } from './fixtures.ts';

/** Lures strangers could type before names refused them, or still stored from then. */
const LURES = [
  'Praxis https://evil.example/login',
  'Bitte Konto bestätigen: https://evil.example/verify',
  'Praxis www.evil.example',
  'Praxis evil.example/login',
  'support@evil.example',
  'mailto:support@evil.example',
  'Praxis HTTP://EVIL.EXAMPLE',
  'Praxis evil\u3002example',
];

/** What common mail clients turn into a link: a scheme, www., an e-mail address, a bare domain. */
function expectNothingLinkable(part: string) {
  expect(part).not.toMatch(/:\/\//);
  expect(part).not.toMatch(/www\./i);
  expect(part).not.toMatch(/[^\s@]@[^\s@]/);
  expect(part).not.toMatch(/[\p{L}\p{N}-][.\u3002\uff0e\uff61]\p{L}/u);
  expect(part).toMatch(/evil\[\.\]example/i);
}

/** The paragraph of a rendered mail that holds user text, from the text and from the HTML. */
function userParagraphs(mail: { textBody: string; htmlBody: string }, marker: RegExp) {
  const text = mail.textBody.split('\n\n').find((paragraph) => marker.test(paragraph));
  const html = mail.htmlBody.split('\n').find((line) => marker.test(line));
  if (!text || !html) throw new Error(`no paragraph matching ${marker}`);
  return { text, html };
}

const MARKER = /lädt Sie ein|invites you|möchte im Praxisportal|asked to join/;

describe('user text in mails is never linkable (issue 23, finding 3)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  const withUserText = (lure: string) =>
    (['de', 'en'] as const).flatMap((language): OutgoingMail[] => [
      {
        to: newAddress(),
        language,
        actorCustomerId: null,
        template: 'invitation',
        params: {
          practiceName: lure,
          inviterName: lure,
          link: new URL('/my-practice', site.publicUrl),
        },
      },
      {
        to: newAddress(),
        language,
        actorCustomerId: null,
        template: 'connect-request',
        params: {
          practiceName: lure,
          requesterName: lure,
          link: new URL('/my-practice/employees-overview', site.publicUrl),
        },
      },
    ]);

  it.each(LURES.flatMap((lure) => withUserText(lure).map((mail) => ({ lure, mail }))))(
    '$mail.template in $mail.language neutralises $lure in its text and HTML',
    async ({ mail }) => {
      const { id } = await enqueue(db.database.db, mail);
      const [row] = await db.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      if (!row) throw new Error('no outbox row');
      const { text, html } = userParagraphs(row, MARKER);
      expectNothingLinkable(text);
      expectNothingLinkable(html);
      expect(row.htmlBody.match(/<a /g)).toHaveLength(1);
      expect(text).not.toMatch(/[\u200b-\u200d\u2060\ufeff]/);
    },
  );
});

describe('names stored before the rule still reach mails neutralised', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  const mailsTo = (email: string) =>
    db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));

  it('in the invitation and in the request to join sent to the admins', async () => {
    const ownerEmail = uniqueEmail('alt');
    const owner = await createCustomer(db(), {
      email: ownerEmail,
      firstName: 'Bitte Konto bestätigen:',
      lastName: 'https://evil.example/verify',
    });
    const practice = await createPractice(db(), {
      name: 'Praxis https://evil.example/login',
      postalCode: '10115',
      superadminId: owner.id,
    });
    const invitee = uniqueEmail('opfer');
    const invited = await api.client.employee.inviteEmployee({
      headers: bearer(await api.issuer.tokenFor(ownerEmail)),
      body: { companyId: practice.id, email: invitee },
    });
    expect(invited.statusCode, invited.body).toBe(202);
    const [invitation] = await mailsTo(invitee);
    if (!invitation) throw new Error('no invitation mail');
    for (const part of Object.values(userParagraphs(invitation, MARKER))) {
      expectNothingLinkable(part);
    }

    const requesterEmail = uniqueEmail('anfrage');
    await createCustomer(db(), {
      email: requesterEmail,
      firstName: 'Support',
      lastName: 'www.evil.example',
    });
    const asked = await api.client.company.connectExistingCompany({
      headers: bearer(await api.issuer.tokenFor(requesterEmail)),
      body: { customerNumber: practice.customerNumber, postalCode: '10115' },
      remoteAddress: randomClientAddress(),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const request = (await mailsTo(ownerEmail)).find((mail) => mail.template === 'connect-request');
    if (!request) throw new Error('no request mail');
    for (const part of Object.values(userParagraphs(request, MARKER))) {
      expectNothingLinkable(part);
    }
  });
});

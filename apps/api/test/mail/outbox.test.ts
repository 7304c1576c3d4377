import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { loadConfig } from '../../src/config.ts';
import { enqueueMail, mailSiteOf, newMessageId, type OutgoingMail } from '../../src/mail/outbox.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { enqueue, newAddress, site, verificationMail } from './fixtures.ts';

const link = (path: string) => new URL(path, site.publicUrl);

const envelope = { to: '', language: 'de', actorCustomerId: null } as const;

/** One mail of every template, with the link each must carry. */
const everyTemplate: OutgoingMail[] = [
  verificationMail(''),
  { ...envelope, template: 'email-in-use', params: { link: link('/') } },
  { ...envelope, template: 'email-changed-notice', params: { link: link('/') } },
  {
    ...envelope,
    template: 'account-verification',
    params: { link: link('/verify-account?code=abc'), validHours: 24 },
  },
  {
    ...envelope,
    template: 'account-exists',
    params: { signInLink: link('/'), resetLink: link('/forgot-password') },
  },
  {
    ...envelope,
    template: 'password-reset',
    params: { link: link('/reset?code=abc'), validMinutes: 60 },
  },
  {
    ...envelope,
    template: 'invitation',
    params: {
      practiceName: 'Praxis am Markt',
      inviterName: 'David Markt',
      link: link('/invitation'),
    },
  },
  {
    ...envelope,
    template: 'connect-request',
    params: {
      practiceName: 'Praxis am Markt',
      requesterName: 'Clara Wolf',
      link: link('/my-practice/employees-overview'),
    },
  },
];

describe('the mail outbox', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  const stored = async (id: string) => {
    const [row] = await db.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw new Error(`no outbox row ${id}`);
    return row;
  };

  it.each(
    everyTemplate.flatMap((mail) =>
      (['de', 'en'] as const).map((language) => ({ ...mail, language })),
    ),
  )(
    '$template in $language: subject, text and HTML in that language with its link',
    async (mail) => {
      const { id } = await enqueue(db.database.db, { ...mail, to: newAddress() });
      const row = await stored(id);
      const links = Object.values(mail.params)
        .filter((value) => value instanceof URL)
        .map(String);
      expect(row).toMatchObject({
        status: 'pending',
        language: mail.language,
        template: mail.template,
      });
      expect(row.links).toEqual(links);
      expect(row.htmlBody).toContain(`<html lang="${mail.language}">`);
      for (const link of links) {
        expect(row.textBody).toContain(link);
        expect(row.htmlBody).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
      }
      expect(row.subject).not.toMatch(/[\r\n]/);
      if (mail.language === 'de') {
        expect(row.textBody).toMatch(/^Guten Tag,/);
        expect(row.textBody).toMatch(/\b(Sie|Ihr|Ihre)\b/);
        expect(row.textBody).not.toMatch(/\b(du|dein|deine)\b/i);
      } else {
        expect(row.textBody).toMatch(/^Hello,/);
      }
    },
  );

  it('gives each mail its own RFC 5322 Message-ID at the host of PUBLIC_URL', async () => {
    const first = await enqueue(db.database.db, verificationMail(newAddress()));
    const second = await enqueue(db.database.db, verificationMail(newAddress()));
    expect(first.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(second.messageId).not.toBe(first.messageId);
    expect((await stored(first.id)).messageId).toBe(first.messageId);
  });

  it('escapes what users typed in the HTML and keeps it to one short line', async () => {
    const { id } = await enqueue(db.database.db, {
      to: newAddress(),
      language: 'en',
      template: 'invitation',
      params: {
        practiceName: '<script>alert(1)</script> & "Praxis"',
        inviterName: 'Eve\r\nBcc: victim@example.com <a href="https://evil.example/">click</a>',
        link: link('/invitation'),
      },
      actorCustomerId: randomUUID(),
    });
    const row = await stored(id);
    expect(row.htmlBody).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Praxis&quot;',
    );
    expect(row.htmlBody).not.toContain('<script');
    expect(row.htmlBody).not.toContain('href="https://evil.example/"');
    expect(row.textBody).toContain('Eve Bcc: victim[at]example[.]com');
    expect(row.links).toEqual([String(link('/invitation'))]);
  });

  it('refuses a link to anywhere but the portal and stores nothing', async () => {
    const to = newAddress();
    const mail = verificationMail(to);
    await expect(
      enqueue(db.database.db, {
        ...mail,
        params: { link: new URL('https://evil.example/verify') },
      }),
    ).rejects.toThrow(/only carry links/);
    const rows = await db.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
    expect(rows).toEqual([]);
  });

  it("allows links to the embedded provider's pages when the site lists its origin", async () => {
    const reset = new URL('http://localhost:3001/reset?code=abc');
    const mail: OutgoingMail = {
      to: newAddress(),
      language: 'de',
      template: 'password-reset',
      params: { link: reset, validMinutes: 30 },
      actorCustomerId: null,
    };
    await expect(enqueue(db.database.db, mail)).rejects.toThrow(/only carry links/);
    const { id } = await enqueueMail(db.database.db, mail, {
      ...site,
      linkOrigins: ['http://localhost:3001'],
    });
    expect((await stored(id)).links).toEqual([reset.href]);
  });

  it("takes the site from the configuration, with the embedded provider's origin", () => {
    const embedded = mailSiteOf(
      loadConfig({ PUBLIC_URL: 'http://127.0.0.1:4000', IDP_PORT: '4001' }),
    );
    expect(embedded.publicUrl.origin).toBe('http://127.0.0.1:4000');
    expect(embedded.linkOrigins).toEqual(['http://localhost:4001']);
    const external = mailSiteOf(
      loadConfig({
        PUBLIC_URL: 'https://portal.example.com',
        OIDC_ISSUER: 'https://id.example.com',
        OIDC_CLIENT_ID: 'portal',
        OIDC_AUDIENCE: 'https://portal.example.com/api',
      }),
    );
    expect(external.linkOrigins).toEqual([]);
    expect(newMessageId(external.publicUrl)).toMatch(/^<[0-9a-f-]{36}@portal\.example\.com>$/);
  });

  it('writes nothing when the transaction rolls back', async () => {
    const to = newAddress();
    await expect(
      db.database.db.transaction(async (tx) => {
        await enqueue(tx, verificationMail(to));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await db.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
    expect(rows).toEqual([]);
  });
});

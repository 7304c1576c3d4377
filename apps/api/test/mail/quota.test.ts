import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { ApiError } from '../../src/lib/http/problem.ts';
import { providerMailer } from '../../src/identity/provider-mailer.ts';
import { checkMailQuota, MAIL_LIMITS } from '../../src/mail/quota.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { enqueue, invitationMail, newAddress, site, verificationMail } from './fixtures.ts';

describe('the mail limits', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  const mailsTo = async (to: string) => {
    const [row] = await db.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.recipient}) = lower(${to})`);
    return row?.n;
  };

  async function expectRateLimited(promise: Promise<unknown>) {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    const retryAfter = Number(error.headers?.['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    return retryAfter;
  }

  it(`refuses a recipient's mail number ${MAIL_LIMITS.recipient.hour + 1} within an hour, whatever the spelling`, async () => {
    const to = newAddress('Recipient');
    for (let i = 0; i < MAIL_LIMITS.recipient.hour; i += 1) {
      await enqueue(db.database.db, verificationMail(i % 2 ? to.toUpperCase() : to));
    }
    const retryAfter = await expectRateLimited(
      enqueue(db.database.db, verificationMail(to.toLowerCase())),
    );
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await mailsTo(to)).toBe(MAIL_LIMITS.recipient.hour);
  });

  it('counts the addresses of one mailbox with any +tag as one recipient (issue 41)', async () => {
    const to = newAddress('stranger');
    const tagged = (tag: string) => to.replace('@', `+${tag}@`);
    for (let i = 0; i < MAIL_LIMITS.recipient.hour; i += 1) {
      await enqueue(db.database.db, verificationMail(tagged(String(i))));
    }
    await expectRateLimited(enqueue(db.database.db, verificationMail(tagged('neu'))));
    await expectRateLimited(enqueue(db.database.db, verificationMail(to)));
    await expect(
      enqueue(db.database.db, verificationMail(to.replace('stranger', 'other'))),
    ).resolves.toBeTruthy();
  });

  it(`refuses a recipient's mail number ${MAIL_LIMITS.recipient.day + 1} within a day`, async () => {
    const to = newAddress();
    for (let i = 0; i < MAIL_LIMITS.recipient.day; i += 1) {
      const { id } = await enqueue(db.database.db, verificationMail(to));
      // Spread over the day, so the hourly limit is not what refuses.
      await db.database.db
        .update(mailOutbox)
        .set({ createdAt: sql`now() - interval '2 hours'` })
        .where(eq(mailOutbox.id, id));
    }
    const retryAfter = await expectRateLimited(enqueue(db.database.db, verificationMail(to)));
    expect(retryAfter).toBeGreaterThan(3600);
    expect(retryAfter).toBeLessThanOrEqual(22 * 3600);
  });

  it('counts only the last day', async () => {
    const to = newAddress();
    for (let i = 0; i < MAIL_LIMITS.recipient.day; i += 1) {
      const { id } = await enqueue(db.database.db, verificationMail(to));
      await db.database.db
        .update(mailOutbox)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(mailOutbox.id, id));
    }
    await expect(enqueue(db.database.db, verificationMail(to))).resolves.toBeTruthy();
  });

  it(`refuses an account's mail number ${MAIL_LIMITS.account.hour + 1} within an hour, to anyone`, async () => {
    const actorCustomerId = randomUUID();
    for (let i = 0; i < MAIL_LIMITS.account.hour; i += 1) {
      await enqueue(db.database.db, verificationMail(newAddress(), { actorCustomerId }));
    }
    const stranger = newAddress('stranger');
    const subject = { recipient: stranger, actorCustomerId };
    expect(await checkMailQuota(db.database.db, subject)).toEqual({
      retryAfter: expect.any(Number),
    });
    await expectRateLimited(
      enqueue(db.database.db, verificationMail(stranger, { actorCustomerId })),
    );
    expect(await mailsTo(stranger)).toBe(0);
    // Another account is not held back.
    expect(await checkMailQuota(db.database.db, { ...subject, actorCustomerId: null })).toBeNull();
    await expect(enqueue(db.database.db, verificationMail(stranger))).resolves.toBeTruthy();
  });

  it(`refuses a practice's mail number ${MAIL_LIMITS.practice.hour + 1} within an hour, from any account`, async () => {
    const companyId = randomUUID();
    for (let i = 0; i < MAIL_LIMITS.practice.hour; i += 1) {
      await enqueue(db.database.db, verificationMail(newAddress(), { companyId }));
    }
    await expectRateLimited(enqueue(db.database.db, verificationMail(newAddress(), { companyId })));
    await expect(
      enqueue(db.database.db, verificationMail(newAddress(), { companyId: randomUUID() })),
    ).resolves.toBeTruthy();
  });

  it(`refuses a practice's invitation number ${MAIL_LIMITS.invitationDomain.hour + 1} to one domain within an hour, from any account`, async () => {
    const companyId = randomUUID();
    const domain = `praxis-${randomUUID().slice(0, 8)}.example.org`;
    const at = (name: string, host = domain) => `${name}.${randomUUID().slice(0, 8)}@${host}`;
    for (let i = 0; i < MAIL_LIMITS.invitationDomain.hour; i += 1) {
      await enqueue(db.database.db, invitationMail(at('team'), { companyId }));
    }
    await expectRateLimited(
      enqueue(db.database.db, invitationMail(at('team').toUpperCase(), { companyId })),
    );
    // Another domain, another practice, or a mail that is no invitation is not held back.
    await expect(
      enqueue(db.database.db, invitationMail(at('team', 'example.net'), { companyId })),
    ).resolves.toBeTruthy();
    await expect(
      enqueue(db.database.db, invitationMail(at('team'), { companyId: randomUUID() })),
    ).resolves.toBeTruthy();
    await expect(
      enqueue(db.database.db, verificationMail(at('team'), { companyId })),
    ).resolves.toBeTruthy();
  });

  it('a refusal inside a change rolls the whole change back', async () => {
    const to = newAddress();
    for (let i = 0; i < MAIL_LIMITS.recipient.hour; i += 1) {
      await enqueue(db.database.db, verificationMail(to));
    }
    const other = newAddress();
    await expectRateLimited(
      db.database.db.transaction(async (tx) => {
        await enqueue(tx, verificationMail(other));
        await enqueue(tx, verificationMail(to));
      }),
    );
    expect(await mailsTo(other)).toBe(0);
  });

  it('keeps the notices of an account’s security apart: a flood of other mails holds none back', async () => {
    const to = newAddress('owner');
    // Anyone who knows the address can fill its ordinary limit (forgotten-password requests).
    for (let i = 0; i < MAIL_LIMITS.recipient.hour; i += 1) {
      await enqueue(db.database.db, verificationMail(to));
    }
    const mailer = providerMailer(site);
    const notice = {
      kind: 'second-factor-changed',
      to,
      language: 'de',
      change: 'passkey-added',
      passkeyName: 'Fremder Schlüssel',
      at: new Date(),
      userAgent: '',
      securityLink: new URL('/security', site.publicUrl),
    } as const;
    // Before: false, and the owner never heard of the passkey an intruder added.
    expect(await mailer.send(db.database.db, notice)).toBe(true);
    // Notices have a limit of their own, so they cannot be turned into a flood either.
    for (let i = 1; i < MAIL_LIMITS.securityNotices.hour; i += 1) {
      expect(await mailer.send(db.database.db, notice)).toBe(true);
    }
    expect(await mailer.send(db.database.db, notice)).toBe(false);
    // And the notices do not use up the ordinary mails of the next hour.
    expect(await mailsTo(to)).toBe(MAIL_LIMITS.recipient.hour + MAIL_LIMITS.securityNotices.hour);
  });

  it('asks to wait until every limit it passed lets a mail through again', async () => {
    // The account sent its day's mails two hours ago; this recipient got its hour's just now.
    const actorCustomerId = randomUUID();
    for (let i = 0; i < MAIL_LIMITS.account.day; i += 1) {
      const { id } = await enqueue(
        db.database.db,
        verificationMail(newAddress(), { actorCustomerId }),
      );
      await db.database.db
        .update(mailOutbox)
        .set({ createdAt: sql`now() - interval '2 hours'` })
        .where(eq(mailOutbox.id, id));
    }
    const to = newAddress();
    for (let i = 0; i < MAIL_LIMITS.recipient.hour; i += 1) {
      await enqueue(db.database.db, verificationMail(to));
    }
    const limited = await checkMailQuota(db.database.db, { recipient: to, actorCustomerId });
    // The recipient's hour ends within 3,600 s; the account's day only about 22 hours from now.
    expect(limited?.retryAfter).toBeGreaterThan(21 * 3600);
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import { createAccount, idpSchema } from '@pp/idp';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailChanges, invitations, mailOutbox, memberships } from '../../src/db/schema.ts';
import { applyRetention } from '../../src/lib/retention/retention.ts';
import { DEFAULT_RETENTION } from '../../src/lib/retention/periods.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

// The passing of time is written to the database: rows are made as old as each case needs.
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
const inDays = (days: number) => sql`now() + make_interval(days => ${days})`;
const token = () => randomBytes(16).toString('hex');

describe('retention (docs/privacy.md)', () => {
  let test: TestDatabase;
  const db = () => test.database.db;

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test?.drop());

  async function invitation(
    companyId: string,
    ended: Partial<Record<'expiresAt' | 'acceptedAt' | 'declinedAt' | 'revokedAt', unknown>>,
    membership: 'invited' | 'enabled' | null,
  ) {
    const invitee = await createCustomer(db());
    if (membership) {
      await db()
        .insert(memberships)
        .values({ customerId: invitee.id, companyId, role: 'member', status: membership });
    }
    const [row] = await db()
      .insert(invitations)
      .values({
        companyId,
        customerId: invitee.id,
        email: invitee.email,
        tokenHash: token(),
        expiresAt: sql`now() + interval '7 days'`,
      })
      .returning({ id: invitations.id });
    await db()
      .update(invitations)
      .set(ended as never)
      .where(eq(invitations.id, row!.id));
    return { id: row!.id, customerId: invitee.id };
  }

  it('removes invitations ended longer ago than the period, with the invited memberships they leave, and keeps the rest', async () => {
    const practice = await createPractice(db());
    const days = DEFAULT_RETENTION.invitationDays;
    const oldExpired = await invitation(practice.id, { expiresAt: daysAgo(days + 1) }, 'invited');
    await invitation(practice.id, { declinedAt: daysAgo(days + 1) }, null);
    await invitation(practice.id, { revokedAt: daysAgo(days + 1) }, null);
    const recentExpired = await invitation(
      practice.id,
      { expiresAt: daysAgo(days - 1) },
      'invited',
    );
    const open = await invitation(practice.id, { expiresAt: inDays(3) }, 'invited');
    // An accepted invitation holds what the practice typed about the person: it stays.
    const oldAccepted = await invitation(
      practice.id,
      { expiresAt: daysAgo(days + 10), acceptedAt: daysAgo(days + 10) },
      'enabled',
    );

    const removed = await applyRetention(db(), DEFAULT_RETENTION);

    const left = await db()
      .select({ id: invitations.id })
      .from(invitations)
      .where(eq(invitations.companyId, practice.id));
    expect(left.map((row) => row.id).sort()).toEqual(
      [recentExpired.id, open.id, oldAccepted.id].sort(),
    );
    const members = await db()
      .select({ customerId: memberships.customerId, status: memberships.status })
      .from(memberships)
      .where(eq(memberships.companyId, practice.id));
    const memberIds = members.map((row) => row.customerId);
    expect(memberIds).not.toContain(oldExpired.customerId);
    expect(memberIds).toEqual(
      expect.arrayContaining([
        practice.superadminId,
        recentExpired.customerId,
        open.customerId,
        oldAccepted.customerId,
      ]),
    );
    expect(removed.invitations).toBeGreaterThanOrEqual(3);
    expect(removed.invitedMemberships).toBeGreaterThanOrEqual(1);
  });

  it('keeps an invited membership while a newer invitation of it is open', async () => {
    const practice = await createPractice(db());
    const days = DEFAULT_RETENTION.invitationDays;
    const first = await invitation(practice.id, { expiresAt: daysAgo(days + 5) }, 'invited');
    await db()
      .insert(invitations)
      .values({
        companyId: practice.id,
        customerId: first.customerId,
        email: uniqueEmail(),
        tokenHash: token(),
        expiresAt: sql`now() + interval '7 days'`,
      });

    await applyRetention(db(), DEFAULT_RETENTION);

    const [membership] = await db()
      .select({ status: memberships.status })
      .from(memberships)
      .where(eq(memberships.customerId, first.customerId));
    expect(membership?.status).toBe('invited');
    const [{ count } = { count: 0 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(invitations)
      .where(eq(invitations.customerId, first.customerId));
    expect(count).toBe(1);
  });

  it('removes e-mail-change requests whose link expired longer ago than the period', async () => {
    const customer = await createCustomer(db());
    const days = DEFAULT_RETENTION.emailChangeDays;
    const [old, recent] = await db()
      .insert(emailChanges)
      .values([
        {
          customerId: customer.id,
          newEmail: uniqueEmail('old'),
          tokenHash: token(),
          expiresAt: daysAgo(days + 1) as never,
        },
        {
          customerId: customer.id,
          newEmail: uniqueEmail('recent'),
          tokenHash: token(),
          expiresAt: daysAgo(days - 1) as never,
        },
      ])
      .returning({ id: emailChanges.id });

    await applyRetention(db(), DEFAULT_RETENTION);

    const left = await db()
      .select({ id: emailChanges.id })
      .from(emailChanges)
      .where(inArray(emailChanges.id, [old!.id, recent!.id]));
    expect(left.map((row) => row.id)).toEqual([recent!.id]);
  });

  it('removes sign-ins and failed attempts older than the period, of every account', async () => {
    const account = await createAccount(db(), {
      email: uniqueEmail('history'),
      password: `pw-${randomUUID()}`,
      emailVerified: true,
    });
    const days = DEFAULT_RETENTION.signInDays;
    const entry = (at: unknown, outcome: 'success' | 'failure') => ({
      accountId: account.id,
      at: at as Date,
      outcome,
      method: 'password',
    });
    await db()
      .insert(idpSchema.idpSignIns)
      .values([
        entry(daysAgo(days + 1), 'success'),
        entry(daysAgo(days + 30), 'failure'),
        entry(daysAgo(days - 1), 'success'),
        entry(sql`now()`, 'failure'),
      ]);

    await applyRetention(db(), DEFAULT_RETENTION);

    const left = await db()
      .select({ outcome: idpSchema.idpSignIns.outcome })
      .from(idpSchema.idpSignIns)
      .where(eq(idpSchema.idpSignIns.accountId, account.id));
    expect(left.map((row) => row.outcome).sort()).toEqual(['failure', 'success']);
  });

  it('removes delivered and given-up mails past the period and keeps those still to go out', async () => {
    const days = DEFAULT_RETENTION.mailDays;
    const mail = (status: 'pending' | 'sending' | 'sent' | 'failed', createdAt: unknown) => ({
      messageId: `<${randomUUID()}@retention.test>`,
      recipient: uniqueEmail('mail'),
      language: 'de' as const,
      template: 'test',
      subject: 'Betreff',
      textBody: 'Text',
      htmlBody: '<p>Text</p>',
      status,
      createdAt: createdAt as Date,
    });
    const rows = await db()
      .insert(mailOutbox)
      .values([
        mail('sent', daysAgo(days + 1)),
        mail('failed', daysAgo(days + 1)),
        mail('pending', daysAgo(days + 1)),
        mail('sending', daysAgo(days + 1)),
        mail('sent', daysAgo(days - 1)),
      ])
      .returning({ id: mailOutbox.id, status: mailOutbox.status });

    await applyRetention(db(), DEFAULT_RETENTION);

    const left = await db()
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.id).sort()).toEqual(
      [rows[2]!.id, rows[3]!.id, rows[4]!.id].sort(),
    );
  });

  it('keeps mails of the last two days whatever the setting, so the mail limits still count them', async () => {
    const [row] = await db()
      .insert(mailOutbox)
      .values({
        messageId: `<${randomUUID()}@retention.test>`,
        recipient: uniqueEmail('quota'),
        language: 'de',
        template: 'test',
        subject: 'Betreff',
        textBody: 'Text',
        htmlBody: '<p>Text</p>',
        status: 'sent',
        createdAt: sql`now() - interval '1 day 12 hours'` as never,
      })
      .returning({ id: mailOutbox.id });

    await applyRetention(db(), { ...DEFAULT_RETENTION, mailDays: 1 });

    const left = await db().select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(left).toHaveLength(1);
  });
});

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, PersonalDataExportSchema, type PersonalDataExport } from '@pp/contract';
import {
  auditLog,
  consentRecords,
  customers,
  newsletterConfirmations,
} from '../../src/db/schema.ts';

const PENDING_LINK_HASH = 'pending-confirmation-link-hash-0123456789';
import { EXPORT_ACTION, EXPORTS_PER_DAY } from '../../src/lib/personal-data/export-limit.ts';
import { capturedLogs } from '../support/app.ts';
import { useApi } from '../support/context.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

/**
 * `Customer/ExportPersonalData` (decision 0079) in a world of two practices and five people:
 * the export of one of them holds their practices, invitations and consent, and nothing of the
 * others beyond a masked address.
 */
describe('Customer/ExportPersonalData', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  const people = {
    paula: { email: uniqueEmail('paula'), firstName: 'Paulina', lastName: 'Exportiert' },
    otto: { email: uniqueEmail('otto'), firstName: 'Ottokar', lastName: 'Nebenan' },
    quirin: { email: uniqueEmail('quirin'), firstName: 'Quirinus', lastName: 'Quellberg' },
    sam: { email: uniqueEmail('sam'), firstName: 'Samuela', lastName: 'Inhaberin' },
    bea: { email: uniqueEmail('bea'), firstName: 'Beatrix', lastName: 'Zweitpraxis' },
  };
  const ids: Record<keyof typeof people, string> = {
    paula: '',
    otto: '',
    quirin: '',
    sam: '',
    bea: '',
  };
  let alpha = { id: '', name: '' };
  let beta = { id: '', name: '' };
  const token = (person: keyof typeof people) => api.issuer.tokenFor(people[person].email);

  beforeAll(async () => {
    ids.sam = (await createCustomer(db(), people.sam)).id;
    ids.bea = (await createCustomer(db(), people.bea)).id;
    alpha = await createPractice(db(), { name: 'Praxis Alpha Export', superadminId: ids.sam });
    beta = await createPractice(db(), { name: 'Praxis Beta Export', superadminId: ids.bea });
    const inAlpha = [{ companyId: alpha.id }];
    ids.paula = (await createCustomer(db(), { ...people.paula, practices: inAlpha })).id;
    ids.otto = (await createCustomer(db(), { ...people.otto, practices: inAlpha })).id;
    // The superadmin makes Paula an admin: an entry about her by somebody else.
    const promoted = await api.client.employee.changeRole({
      token: await token('sam'),
      body: { companyId: alpha.id, customerId: ids.paula, role: 'admin' },
    });
    expect(promoted.statusCode).toBe(200);
    // …and Otto too: an entry about somebody else, not hers.
    await api.client.employee.changeRole({
      token: await token('sam'),
      body: { companyId: alpha.id, customerId: ids.otto, role: 'admin' },
    });
    // Paula invites Quirin, typing his name; Bea invites Paula to the other practice.
    const invited = await api.client.employee.inviteEmployee({
      token: await token('paula'),
      body: { companyId: alpha.id, email: people.quirin.email, ...names(people.quirin) },
    });
    expect(invited.statusCode).toBe(202);
    const received = await api.client.employee.inviteEmployee({
      token: await token('bea'),
      body: { companyId: beta.id, email: people.paula.email, firstName: 'Paula' },
    });
    expect(received.statusCode).toBe(202);
    await db()
      .insert(consentRecords)
      .values([
        consent(ids.paula, ['PRODUCT_NEWS'], 'paula-wording-1'),
        consent(ids.otto, ['OTTO_ONLY_DISTRIBUTOR'], 'otto-wording-9'),
      ]);
    // A widened subscription of hers waits for its link (decision 0077).
    await db()
      .insert(newsletterConfirmations)
      .values({
        customerId: ids.paula,
        tokenHash: PENDING_LINK_HASH,
        distributors: ['EVENTS'],
        interests: [],
        wordingVersion: 'paula-wording-2',
        language: 'de',
        expiresAt: new Date(Date.now() + 48 * 3600_000),
      });
  });

  const names = (person: { firstName: string; lastName: string }) => ({
    firstName: person.firstName,
    lastName: person.lastName,
  });
  const consent = (customerId: string, distributors: string[], wordingVersion: string) => ({
    customerId,
    subscribed: true,
    distributors,
    interests: ['HYGIENE'],
    wordingVersion,
    language: 'de' as const,
  });
  const exportOf = async (person: keyof typeof people) => {
    const answer = await api.client.customer.exportPersonalData({ token: await token(person) });
    expect(answer.statusCode).toBe(200);
    return { raw: answer.body, data: PersonalDataExportSchema.strict().parse(answer.json()) };
  };

  let paulas: { raw: string; data: PersonalDataExport };
  it("holds the person's profile, practices, invitations and consent records", async () => {
    paulas = await exportOf('paula');
    const { data } = paulas;
    expect(data.profile).toMatchObject({ customerId: ids.paula, email: people.paula.email });
    expect(data.memberships).toEqual([
      expect.objectContaining({ companyId: alpha.id, name: alpha.name, role: 'admin' }),
      expect.objectContaining({ companyId: beta.id, status: 'invited', customerNumber: null }),
    ]);
    expect(data.invitationsReceived).toEqual([
      expect.objectContaining({ companyId: beta.id, state: 'open', email: people.paula.email }),
    ]);
    expect(data.invitationsSent).toEqual([
      expect.objectContaining({
        companyId: alpha.id,
        state: 'open',
        inviteeAddress: 'q***@factory.example.com',
      }),
    ]);
    expect(data.newsletter.consentRecords).toEqual([
      expect.objectContaining({
        wordingVersion: 'paula-wording-1',
        distributors: ['PRODUCT_NEWS'],
      }),
    ]);
    expect(data.newsletter.pendingConfirmations).toEqual([
      expect.objectContaining({ distributors: ['EVENTS'], wordingVersion: 'paula-wording-2' }),
    ]);
    expect(data.auditEntries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'employee.role_changed',
          actor: 'another-person',
          about: 'you',
          data: { from: 'member', to: 'admin' },
        }),
        expect.objectContaining({
          action: 'employee.invited',
          actor: 'you',
          about: 'another-person',
          data: {},
        }),
      ]),
    );
  });

  it('holds nothing of another person: no id, address, name or consent of theirs', async () => {
    const text = paulas.raw.toLowerCase();
    for (const other of ['otto', 'quirin', 'sam', 'bea'] as const) {
      if (ids[other]) expect(text).not.toContain(ids[other]);
      expect(text).not.toContain(people[other].email.toLowerCase());
      expect(text).not.toContain(people[other].firstName.toLowerCase());
      expect(text).not.toContain(people[other].lastName.toLowerCase());
    }
    expect(text).not.toContain('otto-wording-9');
    expect(text).not.toContain('otto_only_distributor');
  });

  it('holds no secret or link hash', () => {
    for (const key of ['passwordHash', 'tokenHash', 'publicKey', 'secret', 'credentialId']) {
      expect(paulas.raw).not.toContain(key);
    }
    expect(paulas.raw).not.toContain(PENDING_LINK_HASH);
  });

  it('records each export in the audit log', async () => {
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorCustomerId, ids.paula), eq(auditLog.action, EXPORT_ACTION)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ entity: 'customer', entityId: ids.paula });
  });

  it(`allows ${EXPORTS_PER_DAY} a day, then answers 429 and records nothing`, async () => {
    for (let taken = 0; taken < EXPORTS_PER_DAY; taken++) await exportOf('otto');
    const refused = await api.client.customer.exportPersonalData({ token: await token('otto') });
    expectProblem(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorCustomerId, ids.otto), eq(auditLog.action, EXPORT_ACTION)));
    expect(entries).toHaveLength(EXPORTS_PER_DAY);
    // Another person's limit is their own.
    await exportOf('sam');
  });

  it('is refused without a token, and with a body it does not know', async () => {
    expectProblem(await api.client.customer.exportPersonalData({}), 401, 'unauthenticated');
    const unknown = await api.client.unchecked(calls.customerExportPersonalData, {
      token: await token('bea'),
      body: { everything: true },
    });
    expectProblem(unknown, 400, 'validation_failed');
  });

  it('leaves the exported content out of the logs', async () => {
    const start = capturedLogs.length;
    await exportOf('bea');
    const logs = capturedLogs.slice(start).join('\n');
    expect(logs).toContain('ExportPersonalData');
    expect(logs).not.toContain('practice-portal-personal-data');
    expect(logs).not.toContain(beta.name);
    expect(logs).not.toContain(people.bea.lastName);
  });

  // Issue 43 point 9: the file held only `FRAU`, `RECEPTION`, `enabled` and English keys.
  it("gives each code its words in the request's language beside it, and names the parts", async () => {
    await db()
      .update(customers)
      .set({
        salutation: 'FRAU',
        title: 'DR_MED_DENT',
        position: 'RECEPTION',
        profession: 'DENTIST',
        phone: '+49 30 1234567',
      })
      .where(eq(customers.id, ids.sam));
    await db()
      .insert(consentRecords)
      .values(consent(ids.sam, ['PRODUCT_NEWS'], 'sam-wording-1'));
    const inLanguage = async (language: string) => {
      const answer = await api.client.customer.exportPersonalData({
        token: await token('sam'),
        headers: { 'accept-language': language },
      });
      expect(answer.statusCode).toBe(200);
      return PersonalDataExportSchema.strict().parse(answer.json());
    };
    const german = await inLanguage('de');
    expect(german).toMatchObject({
      format: 'practice-portal-personal-data/2',
      language: 'de',
      parts: { profile: 'Ihr Profil', memberships: 'Ihre Praxen und Rollen' },
      profile: {
        salutation: 'FRAU',
        salutationLabel: 'Frau',
        titleLabel: 'Dr. med. dent.',
        position: 'RECEPTION',
        positionLabel: 'Empfang / Rezeption',
        profession: 'DENTIST',
        professionLabel: 'Zahnarzt/Zahnärztin',
        otherIndustryLabel: null,
        preferredLanguageLabel: 'Deutsch',
      },
      memberships: [
        {
          role: 'superadmin',
          roleLabel: 'Hauptadministrator/-in',
          status: 'enabled',
          statusLabel: 'Aktiv',
          practiceStatusLabel: 'Aktiv',
        },
      ],
    });
    expect(german.newsletter.consentRecords).toEqual([
      expect.objectContaining({
        distributors: ['PRODUCT_NEWS'],
        distributorLabels: ['Produktneuheiten'],
        interestLabels: ['Hygiene und Medizinprodukteaufbereitung'],
      }),
    ]);
    const english = await inLanguage('en-GB,en;q=0.9');
    expect(english).toMatchObject({
      language: 'en',
      parts: { profile: 'Your profile' },
      profile: { salutationLabel: 'Ms', positionLabel: 'Reception', professionLabel: 'Dentist' },
      memberships: [{ roleLabel: 'Main administrator', statusLabel: 'Active' }],
    });
  });
});

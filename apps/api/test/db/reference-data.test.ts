import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PICKLIST_NAMES, TITLE_CODES } from '@pp/contract';
import { picklistValues, prohibitedAliases } from '../../src/db/schema.ts';
import { DEMO_USERS } from '../../src/db/seed/demo.ts';
import {
  PROHIBITED_ALIASES_KEPT_MS,
  prohibitedAliasesOf,
} from '../../src/lib/reference-data/prohibited-aliases.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

describe('reference data', () => {
  let target: TestDatabase;
  let values: (typeof picklistValues.$inferSelect)[];
  const codesOf = (list: string) => values.filter((v) => v.list === list).map((v) => v.code);

  beforeAll(async () => {
    target = await createTestDatabase();
    values = await target.database.db
      .select()
      .from(picklistValues)
      .orderBy(asc(picklistValues.list), asc(picklistValues.sortOrder));
  });
  afterAll(async () => target?.drop());

  it('fills every picklist with active values labelled in German and English', () => {
    for (const list of PICKLIST_NAMES) {
      const entries = values.filter((v) => v.list === list);
      expect(entries.length, list).toBeGreaterThanOrEqual(4);
      for (const entry of entries) {
        expect(entry.active).toBe(true);
        expect(entry.labelDe.trim(), entry.code).not.toBe('');
        expect(entry.labelEn.trim(), entry.code).not.toBe('');
      }
    }
    expect(new Set(values.map((v) => v.list))).toEqual(new Set(PICKLIST_NAMES));
  });

  it('has the salutations of docs/product.md §3 in their order', () => {
    expect(
      values
        .filter((v) => v.list === 'salutation')
        .map(({ code, labelDe, labelEn }) => ({ code, labelDe, labelEn })),
    ).toEqual([
      { code: 'HERR', labelDe: 'Herr', labelEn: 'Mr' },
      { code: 'FRAU', labelDe: 'Frau', labelEn: 'Ms' },
      { code: 'DIVERS', labelDe: 'Divers', labelEn: 'Mx' },
      { code: 'KEINE_ANGABE', labelDe: 'keine Angabe', labelEn: 'Not specified' },
    ]);
  });

  it('covers dental and medical practices', () => {
    expect(codesOf('professions')).toEqual(
      expect.arrayContaining([
        'DENTIST',
        'ORTHODONTIST',
        'ORAL_SURGEON',
        'DENTAL_ASSISTANT',
        'DENTAL_HYGIENIST',
        'DENTAL_TECHNICIAN',
        'GENERAL_PRACTITIONER',
        'INTERNIST',
        'PAEDIATRICIAN',
        'MEDICAL_ASSISTANT',
      ]),
    );
    const mfa = values.find((v) => v.list === 'professions' && v.code === 'MEDICAL_ASSISTANT');
    expect(mfa?.labelDe).toContain('Medizinische/-r Fachangestellte/-r');
  });

  it('holds every code the demo data uses', () => {
    for (const user of DEMO_USERS) {
      expect(codesOf('salutation')).toContain(user.salutation);
      expect(codesOf('position')).toContain(user.position);
      expect(codesOf('professions')).toContain(user.profession);
      if (user.title) expect(TITLE_CODES).toContain(user.title);
    }
  });

  it('lists the shared mailboxes as prohibited aliases', async () => {
    const aliases = await target.database.db
      .select()
      .from(prohibitedAliases)
      .orderBy(asc(prohibitedAliases.alias));
    expect(aliases.map((a) => a.alias)).toEqual(
      [
        'info',
        'office',
        'praxis',
        'kontakt',
        'empfang',
        'mail',
        'post',
        'admin',
        'verwaltung',
        'rezeption',
        'team',
        'service',
        'support',
        'buchhaltung',
        'rechnung',
        'abrechnung',
        'noreply',
        'no-reply',
        'webmaster',
        'postmaster',
        'hostmaster',
        'abuse',
        'termin',
        'termine',
        'anmeldung',
      ].sort(),
    );
  });

  it("sees an operator's change of the prohibited aliases within a minute", async () => {
    const { db } = target.database;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      expect(await prohibitedAliasesOf(db)).not.toContain('empfangstheke');
      await db.insert(prohibitedAliases).values({ alias: 'empfangstheke' });
      vi.advanceTimersByTime(PROHIBITED_ALIASES_KEPT_MS + 1);
      expect(await prohibitedAliasesOf(db)).toContain('empfangstheke');
      expect(PROHIBITED_ALIASES_KEPT_MS).toBeLessThanOrEqual(60_000);
    } finally {
      vi.useRealTimers();
      await db.delete(prohibitedAliases).where(eq(prohibitedAliases.alias, 'empfangstheke'));
    }
  });
});

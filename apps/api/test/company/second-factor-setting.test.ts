import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, CompanySchema } from '@pp/contract';
import { auditLog, companies } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import type { MintOptions } from '../support/issuer.ts';

/** Signed in with an authenticator code: the requirement, once on, lets these callers through. */
const WITH_CODE: MintOptions = { amr: ['pwd', 'otp', 'mfa'], acr: 'urn:practice-portal:acr:mfa' };

describe('Company/UpdateCompany: the second-factor requirement (decision 0069)', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practices: Record<DemoPractice, string>;
  beforeAll(async () => {
    practices = await demoPracticeIds(db());
  });

  const setting = async (email: string | undefined, value: unknown, claims: MintOptions = {}) =>
    api.client.unchecked(calls.companyUpdateCompany, {
      ...(email === undefined ? {} : { token: await api.issuer.tokenFor(email, claims) }),
      body: { companyId: practices.sommer, requiresSecondFactor: value },
    });
  const stored = async () =>
    (
      await db()
        .select({ requiresSecondFactor: companies.requiresSecondFactor })
        .from(companies)
        .where(eq(companies.id, practices.sommer))
    )[0]?.requiresSecondFactor;
  const entries = () =>
    db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.companyId, practices.sommer),
          eq(auditLog.action, 'company.second_factor_requirement_changed'),
        ),
      );

  it('is off for a practice and shown to every member with the practice', async () => {
    const answer = await api.client.company.getCompany({
      token: await api.issuer.tokenFor(demo.clara),
      query: { companyId: practices.sommer },
    });
    expect(CompanySchema.parse(answer.json()).requiresSecondFactor).toBe(false);
  });

  it('refuses everyone but the superadmin, storing nothing and writing no audit entry', async () => {
    expectProblem(await setting(undefined, true), 401, 'unauthenticated');
    expectProblem(await setting(demo.clara, true), 403, 'forbidden');
    expectProblem(await setting(demo.ben, true), 403, 'forbidden');
    // Another practice's superadmin: the practice is not theirs, an unknown id to them.
    expectProblem(await setting(demo.david, true), 404, 'not_found');
    // Bad input: only true or false.
    for (const value of ['true', 1, null, 'yes', {}]) {
      expectProblem(await setting(demo.anna, value), 400, 'validation_failed');
    }
    expect(await stored()).toBe(false);
    expect(await entries()).toEqual([]);
  });

  it('lets an admin send back the value it has (a whole form), which changes nothing', async () => {
    const answer = await setting(demo.ben, false);
    expect(answer.statusCode).toBe(200);
    expect(await entries()).toEqual([]);
  });

  it('is turned on by the superadmin, answered and recorded in the audit log', async () => {
    const answer = await setting(demo.anna, true);
    expect(answer.statusCode).toBe(200);
    expect(CompanySchema.parse(answer.json())).toMatchObject({
      companyId: practices.sommer,
      requiresSecondFactor: true,
      role: 'superadmin',
    });
    expect(await stored()).toBe(true);
    const [entry, ...more] = await entries();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      entity: 'company',
      entityId: practices.sommer,
      data: { requiresSecondFactor: true },
    });
    // Sending it again changes nothing and records nothing more.
    expect((await setting(demo.anna, true, WITH_CODE)).statusCode).toBe(200);
    expect(await entries()).toHaveLength(1);
  });

  it('then holds for the superadmin too: off again only with a second factor', async () => {
    // The superadmin is not exempt (decision 0069).
    expectProblem(await setting(demo.anna, false), 403, 'second_factor_required');
    expect(await stored()).toBe(true);
    // An admin with a second factor is still not allowed to change it.
    expectProblem(await setting(demo.ben, false, WITH_CODE), 403, 'forbidden');
    expect(await stored()).toBe(true);
    const off = await setting(demo.anna, false, WITH_CODE);
    expect(off.statusCode).toBe(200);
    expect(CompanySchema.parse(off.json()).requiresSecondFactor).toBe(false);
    expect((await entries()).map((e) => e.data)).toEqual([
      { requiresSecondFactor: true },
      { requiresSecondFactor: false },
    ]);
  });

  // Issue 43 point 6: the log showed "Praxisdaten geändert" and the setting's own entry.
  it('is one entry of the log, not also a change of the practice data', async () => {
    const all = () =>
      db()
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.companyId, practices.sommer));
    const before = (await all()).length;
    expect((await setting(demo.anna, true, WITH_CODE)).statusCode).toBe(200);
    expect((await all()).slice(before).map((e) => e.action)).toEqual([
      'company.second_factor_requirement_changed',
    ]);
    // With a change of the data in the same save, each has its own entry, the setting once.
    const both = await api.client.unchecked(calls.companyUpdateCompany, {
      token: await api.issuer.tokenFor(demo.anna, WITH_CODE),
      body: {
        companyId: practices.sommer,
        requiresSecondFactor: false,
        website: 'https://sommer.example',
      },
    });
    expect(both.statusCode).toBe(200);
    const [setting2, updated, ...more] = (
      await db().select().from(auditLog).where(eq(auditLog.companyId, practices.sommer))
    ).slice(before + 1);
    expect(more).toEqual([]);
    expect([setting2?.action, updated?.action]).toEqual([
      'company.second_factor_requirement_changed',
      'company.updated',
    ]);
    expect(updated?.data).toMatchObject({ fields: ['website'] });
    expect(Object.keys((updated?.data as { changes: object }).changes)).toEqual(['website']);
  });

  it('leaves the other practice as it was', async () => {
    const answer = await api.client.company.getCompany({
      token: await api.issuer.tokenFor(demo.david),
      query: { companyId: practices.markt },
    });
    expect(CompanySchema.parse(answer.json()).requiresSecondFactor).toBe(false);
  });
});

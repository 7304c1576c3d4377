import { eq, sql } from 'drizzle-orm';
import { calls, DEFAULT_COUNTRY, FieldErrorCode, isPostalCode } from '@pp/contract';
import { companies } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { companyById, toCompany, type CompanyRow } from '../../lib/practices/practice.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

const FIELDS = [
  'name',
  'street',
  'postalCode',
  'city',
  'country',
  'phone',
  'email',
  'website',
] as const;

export default defineRoute(calls.companyUpdateCompany, async (request) => {
  const { db } = request.server;
  const { companyId, role } = request.membership;
  const stored = await companyById(db, companyId);
  // The body's fields have the columns' types (name and country never null).
  const changes: Partial<Pick<CompanyRow, (typeof FIELDS)[number]>> = {};
  for (const field of FIELDS) {
    const value = request.body[field];
    if (value !== undefined && value !== stored[field]) Object.assign(changes, { [field]: value });
  }
  const postalCode = changes.postalCode ?? stored.postalCode;
  const country = changes.country ?? stored.country ?? DEFAULT_COUNTRY;
  if (postalCode !== null && !isPostalCode(postalCode, country)) {
    throw ApiError.badRequest([
      { field: 'body.postalCode', code: FieldErrorCode.invalidPostalCode },
    ]);
  }
  const fields = Object.keys(changes);
  if (fields.length === 0) return toCompany(stored, role);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(companies)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(companies.id, companyId))
      .returning();
    if (!row) throw ApiError.notFound();
    await audit(tx, {
      actorCustomerId: request.customer.id,
      action: 'company.updated',
      entity: 'company',
      entityId: companyId,
      companyId,
      data: { fields },
    });
    return toCompany(row, role);
  });
});

import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import type { PersonalDataExport } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { auditLog, companies } from '../../db/schema.ts';

/** The entities whose id is a person's customer id. */
const PERSON_ENTITIES = ['customer', 'membership'];

type Party = 'you' | 'another-person' | 'system';

const actorOf = (actor: string | null, customerId: string): Party => {
  if (actor === null) return 'system';
  return actor === customerId ? 'you' : 'another-person';
};

/**
 * The audit entries about the person or made by them. Another person appears only as
 * "another person": never their id, and an entry about somebody else keeps no data (decision 0079).
 */
export async function auditEntriesOf(
  db: Executor,
  customerId: string,
): Promise<PersonalDataExport['auditEntries']> {
  const aboutThem = and(
    inArray(auditLog.entity, PERSON_ENTITIES),
    eq(auditLog.entityId, customerId),
  );
  const rows = await db
    .select({ entry: auditLog, practiceName: companies.name })
    .from(auditLog)
    .leftJoin(companies, eq(companies.id, auditLog.companyId))
    .where(or(aboutThem, eq(auditLog.actorCustomerId, customerId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id))
    .limit(10_000);
  return rows.map(({ entry, practiceName }) => {
    const personal = PERSON_ENTITIES.includes(entry.entity);
    let about: Party | 'practice' = 'practice';
    if (personal) about = entry.entityId === customerId ? 'you' : 'another-person';
    return {
      at: entry.at.toISOString(),
      action: entry.action,
      actor: actorOf(entry.actorCustomerId, customerId),
      about,
      practice:
        entry.companyId && practiceName !== null
          ? { companyId: entry.companyId, name: practiceName }
          : null,
      data: about === 'another-person' ? {} : dataOf(entry.data),
    };
  });
}

const EntryData = z.record(z.string(), z.unknown()).catch({});
const dataOf = (data: unknown) => EntryData.parse(data);

import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calls, PICKLIST_NAMES, type PicklistName, type Picklists } from '@pp/contract';
import { picklistValues } from '../../db/schema.ts';
import { languageOf } from '../../lib/language.ts';
import { registerCall } from '../register-call.ts';

export default async function getPicklists(app: FastifyInstance) {
  registerCall(app, calls.customerGetPicklists, async (request, reply) => {
    const language = languageOf(request);
    const rows = await app.db
      .select()
      .from(picklistValues)
      .where(eq(picklistValues.active, true))
      .orderBy(asc(picklistValues.list), asc(picklistValues.sortOrder), asc(picklistValues.code));
    const result = Object.fromEntries(
      PICKLIST_NAMES.map((name) => [name, { values: [] as { label: string; value: string }[] }]),
    ) as Record<PicklistName, { values: { label: string; value: string }[] }>;
    for (const row of rows) {
      const list = result[row.list as PicklistName];
      list?.values.push({ value: row.code, label: language === 'en' ? row.labelEn : row.labelDe });
    }
    void reply.header('content-language', language).header('vary', 'Accept-Language');
    return result satisfies Picklists;
  });
}

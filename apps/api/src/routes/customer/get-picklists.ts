import { asc, eq } from 'drizzle-orm';
import { calls, type Picklists, type PicklistValue } from '@pp/contract';
import { picklistValues } from '../../db/schema.ts';
import { languageOf } from '../../lib/http/language.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.customerGetPicklists, async (request, reply) => {
  const language = languageOf(request);
  const rows = await request.server.db
    .select()
    .from(picklistValues)
    .where(eq(picklistValues.active, true))
    .orderBy(asc(picklistValues.list), asc(picklistValues.sortOrder), asc(picklistValues.code));
  const valuesOf = (list: string): PicklistValue[] =>
    rows
      .filter((row) => row.list === list)
      .map((row) => ({ value: row.code, label: language === 'en' ? row.labelEn : row.labelDe }));
  const result: Picklists = {
    salutation: { values: valuesOf('salutation') },
    position: { values: valuesOf('position') },
    professions: { values: valuesOf('professions') },
    newsletterDistributor: { values: valuesOf('newsletterDistributor') },
    newsletterInterests: { values: valuesOf('newsletterInterests') },
    otherIndustries: { values: valuesOf('otherIndustries') },
  };
  void reply.header('content-language', language).header('vary', 'Accept-Language');
  return result;
});

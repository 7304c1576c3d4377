import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { calls } from '@pp/contract';
import { prohibitedAliases } from '../db/schema.ts';
import { registerCall } from './register-call.ts';

export default async function utility(app: FastifyInstance) {
  registerCall(app, calls.utilityEmailProhibitedAlias, async () => {
    const rows = await app.db
      .select({ alias: prohibitedAliases.alias })
      .from(prohibitedAliases)
      .orderBy(asc(prohibitedAliases.alias));
    return rows.map((row) => row.alias);
  });
}

import type { FastifyRequest } from 'fastify';
import type { Language, PersonalDataExport } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { auditEntriesOf } from './audit-part.ts';
import { withLabels } from './labels.ts';
import {
  invitationsOf,
  membershipsOf,
  newsletterOf,
  profileOf,
  requestsOf,
} from './portal-part.ts';
import { providerPart } from './provider-part.ts';

interface Caller {
  id: string;
  email: string;
}

/**
 * The whole export of the caller (decision 0079), read in the caller's transaction, with the
 * codes' words in the request's language beside them (issue 43).
 */
export async function personalDataOf(
  request: FastifyRequest,
  caller: Caller,
  tx: Executor,
  language: Language,
): Promise<PersonalDataExport> {
  const customerId = caller.id;
  const now = new Date();
  const data = {
    exportedAt: now.toISOString(),
    profile: await profileOf(tx, customerId),
    memberships: await membershipsOf(tx, customerId),
    ...(await invitationsOf(tx, customerId, now)),
    ...(await requestsOf(tx, customerId)),
    newsletter: await newsletterOf(tx, customerId),
    signIn: await providerPart(request.server.config, tx, caller.email),
    auditEntries: await auditEntriesOf(tx, customerId),
  };
  return { format: 'practice-portal-personal-data/2', ...(await withLabels(tx, data, language)) };
}

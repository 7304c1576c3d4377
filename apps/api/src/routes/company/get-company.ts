import { calls } from '@pp/contract';
import { companyById } from '../../lib/practices/practice-store.ts';
import { toCompany } from '../../lib/practices/practice.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.companyGetCompany, async (request) =>
  toCompany(
    await companyById(request.server.db, request.membership.companyId),
    request.membership.role,
  ),
);

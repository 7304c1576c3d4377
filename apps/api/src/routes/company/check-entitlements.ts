import { calls } from '@pp/contract';
import { entitlementsOf } from '../../lib/practices/practice-store.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.companyCheckEntitlements, async (request) =>
  entitlementsOf(request.server.db, request.membership.companyId),
);

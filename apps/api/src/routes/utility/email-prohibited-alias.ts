import { calls } from '@pp/contract';
import { prohibitedAliasesOf } from '../../lib/reference-data/prohibited-aliases.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.utilityEmailProhibitedAlias, async (request) =>
  prohibitedAliasesOf(request.server.db),
);

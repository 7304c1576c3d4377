import { calls } from '@pp/contract';
import { preferencesOf } from '../../lib/preferences/newsletter.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.preferencesGetCurrentPreferences, async (request) =>
  preferencesOf(request.server.db, request.customer.id),
);
